package com.oltpbenchmark.results;

/** Result sets that cannot be merged, or not read: one line naming the input and the difference. */
public final class MergeRefused extends Exception {
  private static final long serialVersionUID = 1L;

  MergeRefused(String message) {
    super(message);
  }

  MergeRefused(String message, Throwable cause) {
    super(message, cause);
  }
}
