package com.oltpbenchmark.api.collectors;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** Small JDBC helpers shared by the collectors. */
final class Queries {
  private static final int TIMEOUT_SECONDS = 30;

  private Queries() {}

  /** Two columns of every row as a sorted map; names lower-cased when asked. */
  static SortedMap<String, String> keyValues(
      Connection conn, String sql, String keyColumn, String valueColumn, boolean lowerCaseKeys)
      throws SQLException {
    SortedMap<String, String> m = new TreeMap<>();
    try (Statement s = conn.createStatement()) {
      s.setQueryTimeout(TIMEOUT_SECONDS);
      try (ResultSet rs = s.executeQuery(sql)) {
        while (rs.next()) {
          String k = rs.getString(keyColumn);
          if (k == null) {
            continue;
          }
          m.put(lowerCaseKeys ? k.toLowerCase(Locale.ROOT) : k, rs.getString(valueColumn));
        }
      }
    }
    return m;
  }

  /** Every row as a map of lower-cased column label to string value (null kept). */
  static List<Map<String, String>> rows(Connection conn, String sql) throws SQLException {
    List<Map<String, String>> rows = new ArrayList<>();
    try (Statement s = conn.createStatement()) {
      s.setQueryTimeout(TIMEOUT_SECONDS);
      try (ResultSet rs = s.executeQuery(sql)) {
        ResultSetMetaData md = rs.getMetaData();
        while (rs.next()) {
          Map<String, String> row = new LinkedHashMap<>();
          for (int c = 1; c <= md.getColumnCount(); c++) {
            row.put(md.getColumnLabel(c).toLowerCase(Locale.ROOT), rs.getString(c));
          }
          rows.add(row);
        }
      }
    }
    return rows;
  }

  /** First column of the first row, or null. */
  static String single(Connection conn, String sql) throws SQLException {
    try (Statement s = conn.createStatement()) {
      s.setQueryTimeout(TIMEOUT_SECONDS);
      try (ResultSet rs = s.executeQuery(sql)) {
        return rs.next() ? rs.getString(1) : null;
      }
    }
  }
}
