package com.oltpbenchmark.api.collectors.database;

import static com.oltpbenchmark.api.collectors.database.DatabaseCounters.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * SQLite: pages and free pages (PRAGMA), the size they make, and the size of the main file and of
 * its write-ahead log. SQLite keeps no running totals of reads and writes; the WAL file's growth is
 * the closest it has.
 */
final class SqliteCounterReader extends CounterReader {
  SqliteCounterReader() {
    source(
        "PRAGMA page_count, freelist_count, page_size",
        "nothing",
        (c, m) -> {
          long pages = pragma(c, "page_count");
          long size = pragma(c, "page_size");
          m.put(PAGES, pages);
          m.put(FREE_PAGES, pragma(c, "freelist_count"));
          m.put(SIZE_BYTES, pages * size);
        });
    source(
        "the database and WAL files",
        "read access to the database directory",
        (c, m) -> {
          Path main = mainFile(c);
          if (main != null) {
            Path wal = Path.of(main + "-wal");
            try {
              m.put(WAL_FILE_BYTES, Files.exists(wal) ? Files.size(wal) : 0L);
            } catch (IOException e) {
              throw new SQLException("cannot read " + wal + ": " + e.getMessage(), "42501", e);
            }
          }
        });
  }

  @Override
  public String family() {
    return "SQLite";
  }

  private static long pragma(Connection c, String name) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("PRAGMA " + name)) {
      return rs.next() ? rs.getLong(1) : 0;
    }
  }

  /** The main database file, or null for an in-memory database. */
  private static Path mainFile(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("PRAGMA database_list")) {
      while (rs.next()) {
        if ("main".equals(rs.getString(2))) {
          String f = rs.getString(3);
          return f == null || f.isEmpty() ? null : Path.of(f);
        }
      }
    }
    return null;
  }
}
