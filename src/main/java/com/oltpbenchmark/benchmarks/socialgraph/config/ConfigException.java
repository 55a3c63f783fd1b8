package com.oltpbenchmark.benchmarks.socialgraph.config;

/** A bad or unknown configuration key; the message names the key and, when known, the file. */
public class ConfigException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public ConfigException(String message) {
    super(message);
  }

  public ConfigException(String message, Throwable cause) {
    super(message, cause);
  }
}
