package com.oltpbenchmark.benchmarks.socialgraph.loader;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Writes rows with PostgreSQL's {@code COPY ... FROM STDIN}, the fastest way into PostgreSQL from
 * JDBC. The PostgreSQL driver is reached by reflection through {@link Connection#unwrap}, so the
 * module has no compile-time dependency on it (upstream BenchBase puts drivers in runtime scope).
 *
 * <p>When every column of the three tables has a type the binary COPY format can carry here
 * (smallint, integer, bigint, bytea), rows are sent in binary: payloads go as raw bytes instead of
 * twice as many hex digits, and the server parses no text. Otherwise the text format is used. Each
 * table's rows are encoded straight into a byte buffer and sent as one COPY once it holds {@code
 * batchRows} rows and {@link #MIN_COPY_BYTES} bytes.
 */
public final class PgCopyWriter implements GraphRowWriter {

  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] BINARY_SIGNATURE = {
    'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0
  };

  /**
   * Every COPY is a statement and a transaction of its own, which the server pays for whatever its
   * size: a load of 200k nodes cost the backends 4.8-5.0 s of CPU in COPYs of 1,024 rows (the
   * sample configs' batch size), 3.0-4.3 s in COPYs of 16,384 (docs/performance.md, the load). A
   * few MiB per COPY makes that cost negligible and keeps a writer's buffers small.
   */
  static final int MIN_COPY_BYTES = 4 << 20;

  /** Column width in the binary format; BYTEA marks a bytea column. */
  private static final int BYTEA = -1;

  private final Object copyManager;
  private final Method copyIn;
  private final int batchRows;
  private final int minBytes;
  private final LoadProgress progress;
  private final boolean binary;
  private final TableCopy nodes;
  private final TableCopy links;
  private final TableCopy counts;

  /** True when {@code conn} is a PostgreSQL driver connection that offers the COPY API. */
  public static boolean supports(Connection conn) {
    try {
      return conn.isWrapperFor(pgConnectionClass(conn));
    } catch (ClassNotFoundException | SQLException e) {
      return false;
    }
  }

  public PgCopyWriter(Connection conn, int batchRows, LoadProgress progress) throws SQLException {
    this(conn, batchRows, MIN_COPY_BYTES, progress);
  }

  /** A writer whose COPYs hold at least {@code batchRows} rows and {@code minBytes} bytes. */
  PgCopyWriter(Connection conn, int batchRows, int minBytes, LoadProgress progress)
      throws SQLException {
    this.batchRows = Math.max(1, batchRows);
    this.minBytes = Math.max(0, minBytes);
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
      throw new SQLException(
          "the PostgreSQL driver's COPY API (org.postgresql.PGConnection"
              + ".getCopyAPI) is not available on this connection: "
              + e,
          e);
    }
    Map<TableLayout, int[]> widths = binaryWidths(conn);
    this.binary = widths != null;
    this.nodes = new TableCopy(TableLayout.NODE, binary ? widths.get(TableLayout.NODE) : null);
    this.links = new TableCopy(TableLayout.LINK, binary ? widths.get(TableLayout.LINK) : null);
    this.counts = new TableCopy(TableLayout.COUNT, binary ? widths.get(TableLayout.COUNT) : null);
  }

  /** True when rows go in PostgreSQL's binary COPY format. */
  public boolean binary() {
    return binary;
  }

  private static Class<?> pgConnectionClass(Connection conn) throws ClassNotFoundException {
    return Class.forName("org.postgresql.PGConnection", false, conn.getClass().getClassLoader());
  }

  /**
   * The binary width of every loaded column, from the catalog; null when some column has a type
   * this writer does not encode in binary (the text format then lets the server convert).
   */
  private static Map<TableLayout, int[]> binaryWidths(Connection conn) throws SQLException {
    Map<String, String> types = new HashMap<>();
    String sql =
        "SELECT c.relname, a.attname, t.typname FROM pg_attribute a"
            + " JOIN pg_class c ON c.oid = a.attrelid JOIN pg_type t ON t.oid = a.atttypid"
            + " WHERE c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())"
            + " AND c.relname IN ('nodetable', 'linktable', 'counttable')"
            + " AND a.attnum > 0 AND NOT a.attisdropped";
    try (PreparedStatement ps = conn.prepareStatement(sql);
        ResultSet rs = ps.executeQuery()) {
      while (rs.next()) {
        types.put(rs.getString(1) + "." + rs.getString(2), rs.getString(3));
      }
    }
    Map<TableLayout, int[]> widths = new EnumMap<>(TableLayout.class);
    for (TableLayout layout : TableLayout.values()) {
      int[] w = new int[layout.columns.length];
      for (int i = 0; i < w.length; i++) {
        String type = types.get(layout.table + "." + layout.columns[i]);
        if (type == null) {
          return null;
        }
        switch (type.toLowerCase(Locale.ROOT)) {
          case "int8" -> w[i] = 8;
          case "int4" -> w[i] = 4;
          case "int2" -> w[i] = 2;
          case "bytea" -> w[i] = BYTEA;
          default -> {
            return null;
          }
        }
        if ((i == layout.payloadColumn) != (w[i] == BYTEA)) {
          return null;
        }
      }
      widths.put(layout, w);
    }
    return widths;
  }

  @Override
  public void node(long id, int type, long version, long time, byte[] data) throws SQLException {
    TableCopy t = nodes;
    t.startRow();
    t.number(id).number(type).number(version).number(time).bytea(data);
    t.endRow(data.length);
    if (full(t)) {
      send(t);
    }
  }

  @Override
  public void link(
      long id1, long linkType, long id2, int visibility, byte[] data, int version, long time)
      throws SQLException {
    TableCopy t = links;
    t.startRow();
    t.number(id1)
        .number(id2)
        .number(linkType)
        .number(visibility)
        .bytea(data)
        .number(time)
        .number(version);
    t.endRow(data.length);
    if (full(t)) {
      send(t);
    }
  }

  @Override
  public void count(long id, long linkType, long count, long time, long version)
      throws SQLException {
    TableCopy t = counts;
    t.startRow();
    t.number(id).number(linkType).number(count).number(time).number(version);
    t.endRow(0);
    if (full(t)) {
      send(t);
    }
  }

  private boolean full(TableCopy t) {
    return t.rows >= batchRows && t.len >= minBytes;
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
    String sql =
        "COPY "
            + t.layout.table
            + " ("
            + t.layout.columnList()
            + ") FROM STDIN"
            + (binary ? " (FORMAT binary)" : "");
    t.finish();
    try {
      copyIn.invoke(copyManager, sql, new ByteArrayInputStream(t.buf, 0, t.len));
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      String msg = "COPY of " + t.rows + " rows into " + t.layout.table + " failed: " + cause;
      if (cause instanceof SQLException sqlCause) {
        throw new SQLException(msg, sqlCause.getSQLState(), sqlCause.getErrorCode(), sqlCause);
      }
      throw new SQLException(msg, cause);
    } catch (IllegalAccessException e) {
      throw new SQLException("cannot call the PostgreSQL COPY API: " + e, e);
    }
    progress.rowsWritten(t.layout, t.rows, t.payloadBytes);
    t.reset();
  }

  /** One table's pending COPY data, in the binary format when {@code widths} is set, else text. */
  private static final class TableCopy {
    final TableLayout layout;
    private final int[] widths;
    byte[] buf = new byte[1 << 16];
    int len;
    int rows;
    long payloadBytes;
    private int column;
    private final byte[] digits = new byte[20];

    TableCopy(TableLayout layout, int[] widths) {
      this.layout = layout;
      this.widths = widths;
      reset();
    }

    void startRow() {
      column = 0;
      if (widths != null) {
        ensure(2);
        putShort(widths.length);
      }
    }

    TableCopy number(long v) {
      if (widths != null) {
        int w = widths[column];
        ensure(4 + w);
        putInt(w);
        switch (w) {
          case 8 -> putLong(v);
          case 4 -> putInt(checkedInt(v));
          default -> putShort(checkedShort(v));
        }
      } else {
        separator();
        text(v);
      }
      column++;
      return this;
    }

    TableCopy bytea(byte[] data) {
      if (widths != null) {
        ensure(4 + data.length);
        putInt(data.length);
        System.arraycopy(data, 0, buf, len, data.length);
        len += data.length;
      } else {
        separator();
        // hex form; the backslash is doubled because COPY's text format unescapes it
        ensure(3 + 2 * data.length);
        buf[len++] = '\\';
        buf[len++] = '\\';
        buf[len++] = 'x';
        for (byte b : data) {
          buf[len++] = HEX[(b >> 4) & 0xF];
          buf[len++] = HEX[b & 0xF];
        }
      }
      column++;
      return this;
    }

    void endRow(int payload) {
      if (widths == null) {
        ensure(1);
        buf[len++] = '\n';
      }
      rows++;
      payloadBytes += payload;
    }

    /** Appends the binary trailer; the buffer is then ready to send. */
    void finish() {
      if (widths != null) {
        ensure(2);
        putShort(-1);
      }
    }

    void reset() {
      if (buf.length > (1 << 24)) {
        buf = new byte[1 << 16];
      }
      len = 0;
      rows = 0;
      payloadBytes = 0;
      if (widths != null) {
        System.arraycopy(BINARY_SIGNATURE, 0, buf, 0, BINARY_SIGNATURE.length);
        len = BINARY_SIGNATURE.length;
        putInt(0); // flags
        putInt(0); // header extension length
      }
    }

    private int checkedInt(long v) {
      if (v != (int) v) {
        throw doesNotFit(v, "integer");
      }
      return (int) v;
    }

    private int checkedShort(long v) {
      if (v != (short) v) {
        throw doesNotFit(v, "smallint");
      }
      return (int) v;
    }

    private IllegalArgumentException doesNotFit(long v, String type) {
      return new IllegalArgumentException(
          layout.table
              + "."
              + layout.columns[column]
              + " value "
              + v
              + " does not fit the column's "
              + type
              + " type");
    }

    private void separator() {
      if (column > 0) {
        ensure(1);
        buf[len++] = '\t';
      }
    }

    private void text(long v) {
      ensure(21);
      if (v == Long.MIN_VALUE) {
        byte[] s = Long.toString(v).getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(s, 0, buf, len, s.length);
        len += s.length;
        return;
      }
      if (v < 0) {
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
    }

    private void putShort(int v) {
      buf[len++] = (byte) (v >>> 8);
      buf[len++] = (byte) v;
    }

    private void putInt(int v) {
      buf[len++] = (byte) (v >>> 24);
      buf[len++] = (byte) (v >>> 16);
      buf[len++] = (byte) (v >>> 8);
      buf[len++] = (byte) v;
    }

    private void putLong(long v) {
      putInt((int) (v >>> 32));
      putInt((int) v);
    }

    private void ensure(int extra) {
      if (len + extra > buf.length) {
        buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + extra));
      }
    }
  }
}
