package com.oltpbenchmark.benchmarks.socialgraph.audit;

import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Checks that the socialgraph tables use the storage engine the configured {@code <type>} names. A
 * MariaDB server without the RocksDB plugin, or with {@code enforce_storage_engine} set, may create
 * InnoDB tables from ddl-myrocks.sql (with a warning only, when the sql_mode lacks
 * NO_ENGINE_SUBSTITUTION), and a run would then measure InnoDB under the name MyRocks.
 */
public final class StorageEngineCheck {

  private StorageEngineCheck() {}

  /**
   * The one-line problem, or null when the tables use the engine of {@code type} (or its family
   * names none for it: {@link DatabaseFamily#storageEngine}).
   */
  public static String problem(Connection conn, DatabaseType type) throws SQLException {
    DatabaseFamily family = DatabaseFamily.of(type);
    String wanted = family.storageEngine(type);
    if (wanted == null) {
      return null;
    }
    String server = family.storageEngineServer(type);
    List<String> tables = new ArrayList<>(Preflight.TABLES);
    tables.add(GraphMarker.TABLE);
    Map<String, String> others = new TreeMap<>();
    String sql =
        "SELECT TABLE_NAME, ENGINE FROM information_schema.TABLES"
            + " WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (?, ?, ?, ?)";
    try (PreparedStatement ps = conn.prepareStatement(sql)) {
      for (int i = 0; i < tables.size(); i++) {
        ps.setString(i + 1, tables.get(i));
      }
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          String engine = String.valueOf(rs.getString(2));
          if (!engine.toUpperCase(Locale.ROOT).equals(wanted)) {
            others.put(rs.getString(1), engine);
          }
        }
      }
    }
    if (others.isEmpty()) {
      return null;
    }
    return "socialgraph tables "
        + others
        + " do not use the "
        + wanted
        + " engine that <type>"
        + type
        + "</type> asks for: the server lacks the engine or replaced it (enforce_storage_engine,"
        + " a sql_mode without NO_ENGINE_SUBSTITUTION); run on a server with the engine"
        + (server != null ? " (" + server + ")" : "")
        + " and recreate them (--create=true --load=true), or set the <type> of the engine the"
        + " tables have";
  }
}
