package com.oltpbenchmark;

import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.types.TransactionStatus;
import java.util.Locale;
import java.util.Map;

/**
 * The share of a run's requests that ended in ERROR. A request's last attempt decides its outcome,
 * so retried attempts (RETRY, RETRY_DIFFERENT) are not requests of their own.
 */
final class ErrorShare {
  final long errors;
  final long requests;

  private ErrorShare(long errors, long requests) {
    this.errors = errors;
    this.requests = requests;
  }

  static ErrorShare of(Map<TransactionType, Map<TransactionStatus, Long>> statusCounts) {
    long errors = 0;
    long requests = 0;
    for (Map<TransactionStatus, Long> byStatus : statusCounts.values()) {
      for (Map.Entry<TransactionStatus, Long> e : byStatus.entrySet()) {
        TransactionStatus s = e.getKey();
        if (s == TransactionStatus.RETRY || s == TransactionStatus.RETRY_DIFFERENT) {
          continue;
        }
        requests += e.getValue();
        if (s == TransactionStatus.ERROR) {
          errors += e.getValue();
        }
      }
    }
    return new ErrorShare(errors, requests);
  }

  double percent() {
    return requests == 0 ? 0 : 100.0 * errors / requests;
  }

  /** Whether the share is above {@code maxPercent} (100 never is). */
  boolean exceeds(int maxPercent) {
    return maxPercent < 100 && errors > 0 && percent() > maxPercent;
  }

  /** The run's last console line when it exceeds the limit. */
  String failureLine(int maxPercent) {
    return String.format(
        Locale.ROOT,
        "the run failed: %d of %d requests (%.1f%%) ended in ERROR, more than <maxErrorPercent> %d%%;"
            + " see the error states in the summary",
        errors,
        requests,
        percent(),
        maxPercent);
  }
}
