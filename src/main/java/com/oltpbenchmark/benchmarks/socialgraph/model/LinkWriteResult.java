package com.oltpbenchmark.benchmarks.socialgraph.model;

/**
 * What a link upsert ({@code AddLink}, {@code UpdateLink}) did. Replaces LinkBench's boolean, whose
 * meaning was documented one way and implemented the other (LinkBench bug #14).
 */
public enum LinkWriteResult {
  /** No row existed for (id1, linkType, id2); one was inserted. */
  INSERTED,
  /** A row existed and at least one of its fields changed. */
  UPDATED,
  /** A row existed with exactly the given fields; nothing was written. */
  UNCHANGED
}
