package com.oltpbenchmark.results;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.TransactionType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Transaction types and helpers shared by the results tests. */
final class Fixtures {
  private Fixtures() {}

  public static class GetNode extends Procedure {}

  public static class AddLink extends Procedure {}

  public static class WriteTxn extends Procedure {}

  static final TransactionType GET_NODE = type(GetNode.class, 1);
  static final TransactionType ADD_LINK = type(AddLink.class, 2);
  static final TransactionType WRITE_TXN = type(WriteTxn.class, 3);

  static final List<TransactionType> TYPES = List.of(GET_NODE, ADD_LINK, WRITE_TXN);

  static final long SEC = 1_000_000_000L;
  static final long MS = 1_000_000L;
  static final long US = 1_000L;

  /** TransactionType's constructor is protected; an anonymous subclass reaches it. */
  static TransactionType type(Class<? extends Procedure> proc, int id) {
    return new TransactionType(proc, id, false, 0, 0) {};
  }

  /** Upstream's rule on a plain sorted array: value at rank min((int) (p * n), n - 1). */
  static long nearestRank(long[] sorted, double p) {
    int idx = Math.min((int) (p * sorted.length), sorted.length - 1);
    return sorted[idx];
  }

  static long[] sorted(List<Long> values) {
    long[] a = new long[values.size()];
    for (int i = 0; i < a.length; i++) {
      a[i] = values.get(i);
    }
    Arrays.sort(a);
    return a;
  }

  static List<String> lines(String text) {
    return new ArrayList<>(Arrays.asList(text.split("\n", -1)));
  }
}
