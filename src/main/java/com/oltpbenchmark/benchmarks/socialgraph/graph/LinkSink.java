package com.oltpbenchmark.benchmarks.socialgraph.graph;

/** Receives generated links field by field, so the loader's hot path allocates no Link objects. */
@FunctionalInterface
public interface LinkSink {

  void link(long id1, long linkType, long id2, int visibility, byte[] data, int version, long time)
      throws java.sql.SQLException;
}
