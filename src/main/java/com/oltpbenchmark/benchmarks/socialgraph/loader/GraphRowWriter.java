package com.oltpbenchmark.benchmarks.socialgraph.loader;

import java.sql.SQLException;

/**
 * Where a loader thread sends the rows of the graph. Implementations buffer rows and write them in
 * large batches; {@link #close()} writes whatever is still buffered. One instance per loader thread
 * and connection.
 */
public interface GraphRowWriter extends AutoCloseable {

  void node(long id, int type, long version, long time, byte[] data) throws SQLException;

  void link(long id1, long linkType, long id2, int visibility, byte[] data, int version, long time)
      throws SQLException;

  void count(long id, long linkType, long count, long time, long version) throws SQLException;

  /** Writes every buffered row. */
  void flush() throws SQLException;

  @Override
  void close() throws SQLException;
}
