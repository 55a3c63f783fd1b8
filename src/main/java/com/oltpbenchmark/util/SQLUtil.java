package com.oltpbenchmark.util;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.catalog.AbstractCatalog;
import com.oltpbenchmark.catalog.Catalog;
import com.oltpbenchmark.catalog.Column;
import com.oltpbenchmark.catalog.HSQLDBCatalog;
import com.oltpbenchmark.catalog.Index;
import com.oltpbenchmark.catalog.Table;
import com.oltpbenchmark.types.DatabaseType;
import com.oltpbenchmark.types.SortDirectionType;
import java.io.IOException;
import java.io.Reader;
import java.math.BigDecimal;
import java.sql.Clob;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** SQL helpers: generated statements, value conversion, error classification, catalogs. */
public abstract class SQLUtil {
  /** Driver messages that mean the connection is gone. */
  private static final String[] CONNECTION_ERROR_MESSAGES = {
    "Connection reset",
    "The connection is closed.",
    "Read timed out.",
    "Communications link failure",
    "This connection has been closed.",
    "An I/O error occurred while sending to the backend.",
    "Connection refused",
    "Socket is closed",
    "Connection is closed",
    "terminating connection due to administrator command",
    "Server has closed the connection",
    "Connection timed out",
    "No operations allowed after connection closed",
  };

  private SQLUtil() {}

  public static Long getLong(Object obj) {
    if (obj == null) {
      return null;
    }
    if (obj instanceof Number) {
      return ((Number) obj).longValue();
    }
    return Long.valueOf(obj.toString().trim());
  }

  public static Integer getInteger(Object obj) {
    if (obj == null) {
      return null;
    }
    if (obj instanceof Number) {
      return ((Number) obj).intValue();
    }
    return Integer.valueOf(obj.toString().trim());
  }

  public static Double getDouble(Object obj) {
    if (obj == null) {
      return null;
    }
    if (obj instanceof Number) {
      return ((Number) obj).doubleValue();
    }
    return Double.valueOf(obj.toString().trim());
  }

  public static String getString(Object obj) {
    if (obj == null) {
      return null;
    }
    if (obj instanceof Clob) {
      return clobToString(obj);
    }
    return obj.toString();
  }

  public static String clobToString(Object obj) {
    if (obj == null) {
      return null;
    }
    if (!(obj instanceof Clob)) {
      return obj.toString();
    }
    try (Reader r = ((Clob) obj).getCharacterStream()) {
      StringBuilder sb = new StringBuilder();
      char[] buf = new char[4096];
      int n;
      while ((n = r.read(buf)) > 0) {
        sb.append(buf, 0, n);
      }
      return sb.toString();
    } catch (SQLException | IOException ex) {
      throw new RuntimeException("cannot read CLOB", ex);
    }
  }

  public static Timestamp getTimestamp(Object obj) {
    if (obj == null) {
      return null;
    }
    if (obj instanceof Timestamp) {
      return (Timestamp) obj;
    }
    if (obj instanceof java.util.Date) {
      return new Timestamp(((java.util.Date) obj).getTime());
    }
    if (obj instanceof Number) {
      return new Timestamp(((Number) obj).longValue());
    }
    return Timestamp.valueOf(obj.toString());
  }

  public static boolean isStringType(int sqlType) {
    switch (sqlType) {
      case Types.CHAR:
      case Types.VARCHAR:
      case Types.NCHAR:
      case Types.NVARCHAR:
        return true;
      default:
        return false;
    }
  }

  public static boolean isIntegerType(int sqlType) {
    switch (sqlType) {
      case Types.TINYINT:
      case Types.SMALLINT:
      case Types.INTEGER:
      case Types.BIGINT:
        return true;
      default:
        return false;
    }
  }

  /** Converts a string to the Java value of a java.sql.Types type. */
  public static Object castValue(int sqlType, String value) {
    if (value == null) {
      return null;
    }
    switch (sqlType) {
      case Types.TINYINT:
      case Types.SMALLINT:
      case Types.INTEGER:
        return Integer.valueOf(value);
      case Types.BIGINT:
        return Long.valueOf(value);
      case Types.REAL:
      case Types.FLOAT:
      case Types.DOUBLE:
        return Double.valueOf(value);
      case Types.NUMERIC:
      case Types.DECIMAL:
        return new BigDecimal(value);
      case Types.BOOLEAN:
      case Types.BIT:
        return Boolean.valueOf(value);
      case Types.TIMESTAMP:
        return Timestamp.valueOf(value);
      default:
        return value;
    }
  }

  public static Object[] getRowAsArray(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    Object[] row = new Object[md.getColumnCount()];
    for (int i = 0; i < row.length; i++) {
      row[i] = rs.getObject(i + 1);
    }
    return row;
  }

  public static List<Object[]> toList(ResultSet rs) throws SQLException {
    List<Object[]> rows = new ArrayList<>();
    while (rs.next()) {
      rows.add(getRowAsArray(rs));
    }
    return rows;
  }

  public static boolean isDuplicateKeyException(Exception ex) {
    if (ex instanceof SQLIntegrityConstraintViolationException) {
      return true;
    }
    if (ex instanceof SQLException) {
      SQLException sqlEx = (SQLException) ex;
      String state = sqlEx.getSQLState();
      if (state != null && state.contains("23505")) {
        return true;
      }
      if ("23000".equals(state) && sqlEx.getErrorCode() == 2627) {
        return true;
      }
      // MySQL/MariaDB duplicate entry
      if ("23000".equals(state) && sqlEx.getErrorCode() == 1062) {
        return true;
      }
      String msg = sqlEx.getMessage();
      if (sqlEx.getErrorCode() == 19 && msg != null && msg.contains("SQLITE_CONSTRAINT_UNIQUE")) {
        return true;
      }
      if (msg != null && msg.contains("SQLITE_CONSTRAINT_PRIMARYKEY")) {
        return true;
      }
    }
    return false;
  }

  public static boolean isConnectionErrorException(SQLException ex) {
    if (ex instanceof SQLNonTransientConnectionException
        || ex instanceof SQLTransientConnectionException) {
      return true;
    }
    String state = ex.getSQLState();
    // SQLState class 08: connection exception; 57P01: PostgreSQL admin shutdown
    if (state != null && (state.startsWith("08") || "57P01".equals(state))) {
      return true;
    }
    String msg = ex.getMessage();
    if (msg != null) {
      for (String m : CONNECTION_ERROR_MESSAGES) {
        if (msg.contains(m)) {
          return true;
        }
      }
    }
    return false;
  }

  public static boolean isConnectionOK(Connection conn) throws SQLException {
    return isConnectionOK(conn, true);
  }

  public static boolean isConnectionOK(Connection conn, boolean checkValid) throws SQLException {
    if (conn == null || conn.isClosed()) {
      return false;
    }
    return !checkValid || conn.isValid(5);
  }

  /** INSERT with one marker per column (minus the excluded column indexes). */
  public static String getInsertSQL(
      Table catalog_tbl, DatabaseType db_type, int... exclude_columns) {
    return getInsertSQL(catalog_tbl, db_type, 1, exclude_columns);
  }

  public static String getInsertSQL(
      Table catalog_tbl, DatabaseType db_type, int batchSize, int... exclude_columns) {
    boolean escape = db_type != null && db_type.shouldEscapeNames();
    boolean includeCols = db_type != null && db_type.shouldIncludeColumnNames();
    StringBuilder sb = new StringBuilder();
    sb.append(db_type == DatabaseType.PHOENIX ? "UPSERT" : "INSERT");
    sb.append(" INTO ").append(escape ? catalog_tbl.getEscapedName() : catalog_tbl.getName());
    StringBuilder cols = new StringBuilder();
    StringBuilder values = new StringBuilder();
    List<Column> columns = catalog_tbl.getColumns();
    for (int i = 0; i < columns.size(); i++) {
      if (contains(exclude_columns, i)) {
        continue;
      }
      if (values.length() > 0) {
        cols.append(", ");
        values.append(", ");
      }
      Column c = columns.get(i);
      cols.append(escape ? c.getEscapedName() : c.getName());
      values.append('?');
    }
    if (includeCols) {
      sb.append(" (").append(cols).append(')');
    }
    sb.append(" VALUES ");
    for (int b = 0; b < Math.max(1, batchSize); b++) {
      // upstream quirk kept: batched tuples are not comma-separated
      sb.append('(').append(values).append(')');
    }
    return sb.toString();
  }

  private static boolean contains(int[] arr, int v) {
    if (arr == null) {
      return false;
    }
    for (int x : arr) {
      if (x == v) {
        return true;
      }
    }
    return false;
  }

  private static String tableName(DatabaseType dbType, Table t) {
    return dbType != null && dbType.shouldEscapeNames() ? t.getEscapedName() : t.getName();
  }

  public static String getCountSQL(DatabaseType dbType, Table catalog_tbl) {
    return getCountSQL(dbType, catalog_tbl, "*");
  }

  public static String getCountSQL(DatabaseType dbType, Table catalog_tbl, String col) {
    return String.format("SELECT COUNT(%s) FROM %s", col, tableName(dbType, catalog_tbl));
  }

  public static String getMaxColSQL(DatabaseType dbType, Table catalog_tbl, String col) {
    return String.format("SELECT MAX(%s) FROM %s", col, tableName(dbType, catalog_tbl));
  }

  public static String selectColValues(DatabaseType databaseType, Table catalog_tbl, String col) {
    return String.format("SELECT %s FROM %s", col, tableName(databaseType, catalog_tbl));
  }

  /** The sequence behind an auto-increment column (PostgreSQL, SQL Server), else null. */
  public static String getSequenceName(Connection conn, DatabaseType dbType, Column catalog_col)
      throws SQLException {
    if (dbType == DatabaseType.POSTGRES) {
      String sql = "SELECT pg_get_serial_sequence(?, ?)";
      try (java.sql.PreparedStatement ps = conn.prepareStatement(sql)) {
        ps.setString(1, catalog_col.getTable().getName().toLowerCase(Locale.ROOT));
        ps.setString(2, catalog_col.getName().toLowerCase(Locale.ROOT));
        try (ResultSet rs = ps.executeQuery()) {
          if (rs.next() && rs.getString(1) != null) {
            return rs.getString(1);
          }
        }
      }
      return null;
    }
    if (dbType == DatabaseType.SQLSERVER || dbType == DatabaseType.SQLAZURE) {
      return String.format("SEQ_%s_%s", catalog_col.getTable().getName(), catalog_col.getName())
          .toUpperCase(Locale.ROOT);
    }
    return null;
  }

  public static void setIdentityInsert(
      Connection conn, DatabaseType dbType, Table catalog_tbl, boolean on) throws SQLException {
    if (dbType != DatabaseType.SQLSERVER && dbType != DatabaseType.SQLAZURE) {
      return;
    }
    try (Statement st = conn.createStatement()) {
      st.execute("SET IDENTITY_INSERT " + catalog_tbl.getEscapedName() + " " + (on ? "ON" : "OFF"));
    }
  }

  /**
   * HSQLDB and NoisePage: the DDL-derived catalog; every other type: the live database's metadata
   * (current catalog and schema).
   */
  public static AbstractCatalog getCatalog(
      BenchmarkModule benchmarkModule, DatabaseType databaseType, Connection connection)
      throws SQLException {
    if (databaseType == DatabaseType.HSQLDB || databaseType == DatabaseType.NOISEPAGE) {
      return new HSQLDBCatalog(benchmarkModule);
    }
    return new Catalog(readCatalogTables(connection, databaseType));
  }

  /** Tables (type TABLE) of the connection's current catalog/schema with columns and indexes. */
  public static Map<String, Table> readCatalogTables(Connection conn, DatabaseType databaseType)
      throws SQLException {
    DatabaseMetaData md = conn.getMetaData();
    String quote = md.getIdentifierQuoteString();
    String separator = quote == null || quote.trim().isEmpty() ? "" : quote.trim();
    if (databaseType == DatabaseType.HSQLDB) {
      separator = "";
    }
    String catalog = conn.getCatalog();
    String schema = null;
    try {
      schema = conn.getSchema();
    } catch (SQLException | AbstractMethodError e) {
      schema = null;
    }
    if (databaseType == DatabaseType.MYSQL
        || databaseType == DatabaseType.MARIADB
        || databaseType == DatabaseType.MYROCKS) {
      schema = null;
    }
    Map<String, Table> tables = new LinkedHashMap<>();
    try (ResultSet rs = md.getTables(catalog, schema, null, new String[] {"TABLE"})) {
      while (rs.next()) {
        String name = rs.getString("TABLE_NAME");
        tables.put(name.toUpperCase(Locale.ROOT), new Table(name, separator));
      }
    }
    for (Table table : tables.values()) {
      try (ResultSet rs = md.getColumns(catalog, schema, table.getName(), null)) {
        List<Object[]> cols = new ArrayList<>();
        while (rs.next()) {
          String colName = rs.getString("COLUMN_NAME");
          if (databaseType == DatabaseType.COCKROACHDB && "rowid".equalsIgnoreCase(colName)) {
            continue;
          }
          int type = rs.getInt("DATA_TYPE");
          int sizeRaw = rs.getInt("COLUMN_SIZE");
          Integer size = rs.wasNull() ? null : sizeRaw;
          boolean nullable = rs.getInt("NULLABLE") != DatabaseMetaData.columnNoNulls;
          int pos = rs.getInt("ORDINAL_POSITION");
          cols.add(new Object[] {pos, colName, type, size, nullable});
        }
        cols.sort((a, b) -> Integer.compare((Integer) a[0], (Integer) b[0]));
        for (Object[] c : cols) {
          table.addColumn(
              new Column(
                  (String) c[1], separator, table, (Integer) c[2], (Integer) c[3], (Boolean) c[4]));
        }
      }
      readIndexes(md, catalog, schema, table, separator);
    }
    for (Table table : tables.values()) {
      try (ResultSet rs = md.getImportedKeys(catalog, schema, table.getName())) {
        while (rs.next()) {
          Table pk = tables.get(rs.getString("PKTABLE_NAME").toUpperCase(Locale.ROOT));
          Column fkCol = table.getColumnByName(rs.getString("FKCOLUMN_NAME"));
          if (pk != null && fkCol != null) {
            fkCol.setForeignKey(pk.getColumnByName(rs.getString("PKCOLUMN_NAME")));
          }
        }
      } catch (SQLException ignore) {
        // some drivers do not report foreign keys; they are informational only
      }
    }
    return tables;
  }

  private static void readIndexes(
      DatabaseMetaData md, String catalog, String schema, Table table, String separator) {
    try (ResultSet rs = md.getIndexInfo(catalog, schema, table.getName(), false, false)) {
      Map<String, Index> byName = new LinkedHashMap<>();
      while (rs.next()) {
        String idxName = rs.getString("INDEX_NAME");
        String col = rs.getString("COLUMN_NAME");
        if (idxName == null || col == null) {
          continue;
        }
        Index idx = byName.get(idxName);
        if (idx == null) {
          idx =
              new Index(
                  idxName, separator, table, rs.getShort("TYPE"), !rs.getBoolean("NON_UNIQUE"));
          byName.put(idxName, idx);
          table.addIndex(idx);
        }
        String asc = rs.getString("ASC_OR_DESC");
        SortDirectionType dir = "D".equals(asc) ? SortDirectionType.DESC : SortDirectionType.ASC;
        idx.addColumn(col, dir, Math.max(0, rs.getShort("ORDINAL_POSITION") - 1));
      }
    } catch (SQLException ignore) {
      // index metadata is informational; not every driver supports it for every table type
    }
  }
}
