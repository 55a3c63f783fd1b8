package com.oltpbenchmark.benchmarks.socialgraph.loader;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * Writes rows with PostgreSQL's {@code COPY ... FROM STDIN} (text format), the fastest way into
 * PostgreSQL from JDBC. The PostgreSQL driver is reached by reflection through
 * {@link Connection#unwrap}, so the module has no compile-time dependency on it (upstream
 * BenchBase puts drivers in runtime scope). Each table's rows are encoded straight into a byte
 * buffer and sent as one COPY when the buffer holds {@code batchRows} rows.
 */
public final class PgCopyWriter implements GraphRowWriter {

  private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private final Object copyManager;
  private final Method copyIn;
  private final int batchRows;
  private final LoadProgress progress;
  private final TableCopy nodes = new TableCopy(TableLayout.NODE);
  private final TableCopy links = new TableCopy(TableLayout.LINK);
  private final TableCopy counts = new TableCopy(TableLayout.COUNT);

  /** True when {@code conn} is a PostgreSQL driver connection that offers the COPY API. */
  public static boolean supports(Connection conn) {
    try {
      return conn.isWrapperFor(pgConnectionClass(conn));
    } catch (ClassNotFoundException | SQLException e) {
      return false;
    }
  }

  public PgCopyWriter(Connection conn, int batchRows, LoadProgress progress) throws SQLException {
    this.batchRows = Math.max(1, batchRows);
    this.progress = progress;
    conn.setAutoCommit(true);
    try {
      Class<?> pgConnection = pgConnectionClass(conn);
      Object pg = conn.unwrap(pgConnection);
      this.copyManager = pgConnection.getMethod("getCopyAPI").invoke(pg);
      Class<?> managerClass =
          Class.forName("org.postgresql.copy.CopyManager", true, pgConnection.getClassLoader());
      this.copyIn = managerClass.getMethod("copyIn", String.class, InputStream.class);
    } catch (ReflectiveOperationException e) {
      throw new SQLException("the PostgreSQL driver's COPY API (org.postgresql.PGConnection"
          + ".getCopyAPI) is not available on this connection: " + e, e);
    }
  }

  private static Class<?> pgConnectionClass(Connection conn) throws ClassNotFoundException {
    return Class.forName("org.postgresql.PGConnection", false, conn.getClass().getClassLoader());
  }

  @Override
  public void node(long id, int type, long version, long time, byte[] data) throws SQLException {
    TableCopy t = nodes;
    t.number(id).tab().number(type).tab().number(version).tab().number(time).tab().bytea(data)
        .endRow(data.length);
    if (t.rows >= batchRows) {
      send(t);
    }
  }

  @Override
  public void link(long id1, long linkType, long id2, int visibility, byte[] data, int version,
      long time) throws SQLException {
    TableCopy t = links;
    t.number(id1).tab().number(id2).tab().number(linkType).tab().number(visibility).tab()
        .bytea(data).tab().number(time).tab().number(version).endRow(data.length);
    if (t.rows >= batchRows) {
      send(t);
    }
  }

  @Override
  public void count(long id, long linkType, long count, long time, long version)
      throws SQLException {
    TableCopy t = counts;
    t.number(id).tab().number(linkType).tab().number(count).tab().number(time).tab()
        .number(version).endRow(0);
    if (t.rows >= batchRows) {
      send(t);
    }
  }

  @Override
  public void flush() throws SQLException {
    for (TableCopy t : new TableCopy[] {nodes, links, counts}) {
      if (t.rows > 0) {
        send(t);
      }
    }
  }

  @Override
  public void close() throws SQLException {
    flush();
  }

  private void send(TableCopy t) throws SQLException {
    String sql = "COPY " + t.layout.table + " (" + t.layout.columnList() + ") FROM STDIN";
    try {
      copyIn.invoke(copyManager, sql, new ByteArrayInputStream(t.buf, 0, t.len));
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      String msg = "COPY of " + t.rows + " rows into " + t.layout.table + " failed: " + cause;
      if (cause instanceof SQLException sql2) {
        throw new SQLException(msg, sql2.getSQLState(), sql2.getErrorCode(), sql2);
      }
      throw new SQLException(msg, cause);
    } catch (IllegalAccessException e) {
      throw new SQLException("cannot call the PostgreSQL COPY API: " + e, e);
    }
    progress.rowsWritten(t.layout, t.rows, t.payloadBytes);
    t.reset();
  }

  /** One table's pending COPY data in PostgreSQL's text format. */
  private static final class TableCopy {
    final TableLayout layout;
    byte[] buf = new byte[1 << 16];
    int len;
    int rows;
    long payloadBytes;
    private final byte[] digits = new byte[20];

    TableCopy(TableLayout layout) {
      this.layout = layout;
    }

    TableCopy number(long v) {
      ensure(21);
      if (v < 0) {
        if (v == Long.MIN_VALUE) {
          byte[] s = Long.toString(v).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
          System.arraycopy(s, 0, buf, len, s.length);
          len += s.length;
          return this;
        }
        buf[len++] = '-';
        v = -v;
      }
      int n = 0;
      do {
        digits[n++] = (byte) ('0' + (v % 10));
        v /= 10;
      } while (v != 0);
      while (n > 0) {
        buf[len++] = digits[--n];
      }
      return this;
    }

    TableCopy tab() {
      ensure(1);
      buf[len++] = '\t';
      return this;
    }

    /** A bytea value in hex form; the backslash is doubled because COPY text unescapes it. */
    TableCopy bytea(byte[] data) {
      ensure(3 + 2 * data.length);
      buf[len++] = '\\';
      buf[len++] = '\\';
      buf[len++] = 'x';
      for (byte b : data) {
        buf[len++] = HEX[(b >> 4) & 0xF];
        buf[len++] = HEX[b & 0xF];
      }
      return this;
    }

    void endRow(int payload) {
      ensure(1);
      buf[len++] = '\n';
      rows++;
      payloadBytes += payload;
    }

    void reset() {
      len = 0;
      rows = 0;
      payloadBytes = 0;
      if (buf.length > (1 << 24)) {
        buf = new byte[1 << 16];
      }
    }

    private void ensure(int extra) {
      if (len + extra > buf.length) {
        buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + extra));
      }
    }
  }
}
