package com.oltpbenchmark.benchmarks.socialgraph.loader;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.EnumMap;
import java.util.Map;

/**
 * Writes rows as multi-row {@code INSERT ... VALUES (...), (...), ...} statements, committed each
 * on its own or, with a commit size, once the statements since the last commit hold that many bytes
 * (and at the end). Building the multi-row statement ourselves works on every JDBC driver, whether
 * or not its batch-rewrite flag is set in the URL.
 */
public final class MultiRowInsertWriter implements GraphRowWriter {

  /** Stays below every supported driver's bind-parameter limit (SQLite 32766, PostgreSQL 65535). */
  private static final int MAX_PARAMETERS = 32_000;

  private final Connection conn;
  private final int rowsPerStatement;
  private final Map<TableLayout, RowBuffer> buffers = new EnumMap<>(TableLayout.class);
  private final Map<TableLayout, PreparedStatement> fullStatements =
      new EnumMap<>(TableLayout.class);
  private final LoadProgress progress;
  private final long commitBytes;
  private long uncommittedBytes;
  private boolean uncommitted;

  public MultiRowInsertWriter(Connection conn, int batchRows, LoadProgress progress)
      throws SQLException {
    this(conn, batchRows, 0, progress);
  }

  /**
   * @param batchRows rows per INSERT statement (BenchBase's {@code <batchsize>}), capped so the
   *     statement stays within the drivers' parameter limits
   * @param commitBytes commit once the statements since the last commit hold this many bytes of
   *     rows (8 per number, the payloads' lengths); 0 commits every statement
   */
  public MultiRowInsertWriter(
      Connection conn, int batchRows, int commitBytes, LoadProgress progress) throws SQLException {
    this.conn = conn;
    this.commitBytes = Math.max(0, commitBytes);
    this.rowsPerStatement = Math.max(1, batchRows);
    this.progress = progress;
    conn.setAutoCommit(false);
    for (TableLayout layout : TableLayout.values()) {
      buffers.put(layout, new RowBuffer(layout, rowsFor(layout)));
    }
  }

  private int rowsFor(TableLayout layout) {
    return Math.min(rowsPerStatement, MAX_PARAMETERS / layout.columns.length);
  }

  @Override
  public void node(long id, int type, long version, long time, byte[] data) throws SQLException {
    RowBuffer b = buffers.get(TableLayout.NODE);
    b.add(id, type, version, time, data);
    if (b.rows() >= rowsFor(TableLayout.NODE)) {
      write(b);
    }
  }

  @Override
  public void link(
      long id1, long linkType, long id2, int visibility, byte[] data, int version, long time)
      throws SQLException {
    RowBuffer b = buffers.get(TableLayout.LINK);
    b.add(id1, id2, linkType, visibility, time, version, data);
    if (b.rows() >= rowsFor(TableLayout.LINK)) {
      write(b);
    }
  }

  @Override
  public void count(long id, long linkType, long count, long time, long version)
      throws SQLException {
    RowBuffer b = buffers.get(TableLayout.COUNT);
    b.add(id, linkType, count, time, version);
    if (b.rows() >= rowsFor(TableLayout.COUNT)) {
      write(b);
    }
  }

  @Override
  public void flush() throws SQLException {
    for (RowBuffer b : buffers.values()) {
      if (b.rows() > 0) {
        write(b);
      }
    }
    if (uncommitted) {
      commit();
    }
  }

  private void commit() throws SQLException {
    try {
      conn.commit();
    } catch (SQLException e) {
      rollbackQuietly(e);
      throw new SQLException(
          "committing the loaded rows failed: " + e.getMessage(),
          e.getSQLState(),
          e.getErrorCode(),
          e);
    }
    uncommitted = false;
    uncommittedBytes = 0;
  }

  @Override
  public void close() throws SQLException {
    try {
      flush();
    } finally {
      for (PreparedStatement ps : fullStatements.values()) {
        ps.close();
      }
      fullStatements.clear();
    }
  }

  private void write(RowBuffer b) throws SQLException {
    TableLayout layout = b.layout;
    int rows = b.rows();
    boolean full = rows == rowsFor(layout);
    PreparedStatement ps = full ? fullStatements.get(layout) : null;
    if (ps == null) {
      ps = conn.prepareStatement(insertSql(layout, rows));
      if (full) {
        fullStatements.put(layout, ps);
      }
    }
    try {
      bind(ps, b);
      ps.executeUpdate();
      uncommitted = true;
      uncommittedBytes += (long) rows * layout.numberColumns() * Long.BYTES + b.payloadBytes();
      if (uncommittedBytes >= commitBytes) {
        conn.commit();
        uncommitted = false;
        uncommittedBytes = 0;
      }
    } catch (SQLException e) {
      rollbackQuietly(e);
      throw new SQLException(
          "loading " + rows + " rows into " + layout.table + " failed: " + e.getMessage(),
          e.getSQLState(),
          e.getErrorCode(),
          e);
    } finally {
      if (!full) {
        ps.close();
      }
    }
    progress.rowsWritten(layout, rows, b.payloadBytes());
    b.clear();
  }

  private void rollbackQuietly(SQLException cause) {
    try {
      conn.rollback();
    } catch (SQLException e) {
      cause.addSuppressed(e);
    }
  }

  private static void bind(PreparedStatement ps, RowBuffer b) throws SQLException {
    TableLayout layout = b.layout;
    int width = layout.columns.length;
    int param = 1;
    for (int row = 0; row < b.rows(); row++) {
      int number = 0;
      for (int col = 0; col < width; col++) {
        if (col == layout.payloadColumn) {
          ps.setBytes(param++, b.payload(row));
        } else {
          ps.setLong(param++, b.number(row, number++));
        }
      }
    }
  }

  static String insertSql(TableLayout layout, int rows) {
    StringBuilder tuple = new StringBuilder("(");
    for (int i = 0; i < layout.columns.length; i++) {
      tuple.append(i == 0 ? "?" : ",?");
    }
    tuple.append(')');
    StringBuilder sql = new StringBuilder(32 + rows * (tuple.length() + 1));
    sql.append("INSERT INTO ")
        .append(layout.table)
        .append(" (")
        .append(layout.columnList())
        .append(") VALUES ");
    for (int r = 0; r < rows; r++) {
      if (r > 0) {
        sql.append(',');
      }
      sql.append(tuple);
    }
    return sql.toString();
  }
}
