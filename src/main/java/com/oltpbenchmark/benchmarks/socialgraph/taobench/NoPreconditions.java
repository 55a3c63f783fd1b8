package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/** The one empty, unmodifiable precondition set that every write without preconditions holds. */
final class NoPreconditions {
  static final Set<Precondition> SET =
      Collections.unmodifiableSet(EnumSet.noneOf(Precondition.class));

  private NoPreconditions() {}
}
