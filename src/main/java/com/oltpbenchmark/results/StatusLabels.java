package com.oltpbenchmark.results;

import com.oltpbenchmark.types.TransactionStatus;
import java.util.List;

/** How upstream names each transaction status in its histogram outputs. */
final class StatusLabels {
  private StatusLabels() {}

  /** Console "Workload Histograms" sections, in upstream's order. */
  static final List<TransactionStatus> CONSOLE_ORDER =
      List.of(
          TransactionStatus.SUCCESS,
          TransactionStatus.USER_ABORTED,
          TransactionStatus.RETRY,
          TransactionStatus.RETRY_DIFFERENT,
          TransactionStatus.ERROR,
          TransactionStatus.UNKNOWN);

  /** -jh keys in the order upstream's hash map prints them. */
  static final List<TransactionStatus> JSON_ORDER =
      List.of(
          TransactionStatus.RETRY,
          TransactionStatus.USER_ABORTED,
          TransactionStatus.ERROR,
          TransactionStatus.SUCCESS);

  static String consoleTitle(TransactionStatus s) {
    switch (s) {
      case SUCCESS:
        return "Completed Transactions";
      case USER_ABORTED:
        return "Aborted Transactions";
      case RETRY:
        return "Rejected Transactions (Server Retry)";
      case RETRY_DIFFERENT:
        return "Rejected Transactions (Retry Different)";
      case ERROR:
        return "Unexpected SQL Errors";
      default:
        return "Unknown Status Transactions";
    }
  }

  /** The -jh key, or null for statuses upstream leaves out of that file. */
  static String jsonKey(TransactionStatus s) {
    switch (s) {
      case SUCCESS:
        return "completed";
      case USER_ABORTED:
        return "aborted";
      case RETRY:
        return "rejected";
      case ERROR:
        return "unexpected";
      default:
        return null;
    }
  }
}
