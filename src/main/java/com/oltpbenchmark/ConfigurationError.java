package com.oltpbenchmark;

/** A problem in the workload XML or the command line, with where it is. */
public class ConfigurationError extends Exception {
  private static final long serialVersionUID = 1L;

  public ConfigurationError(String message) {
    super(message);
  }

  public ConfigurationError(String message, Throwable cause) {
    super(message, cause);
  }
}
