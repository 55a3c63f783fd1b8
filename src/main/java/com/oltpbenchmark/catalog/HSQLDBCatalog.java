package com.oltpbenchmark.catalog;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.types.DatabaseType;
import com.oltpbenchmark.util.SQLUtil;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Catalog derived from the benchmark's own DDL, run in a private in-memory HSQLDB (MySQL syntax
 * mode): independent of what the target database contains. Needs the HSQLDB driver on the
 * classpath.
 */
public final class HSQLDBCatalog implements AbstractCatalog {
  private static final Pattern CREATE_TABLE =
      Pattern.compile("CREATE\\s+TABLE\\s+(\\S+?)\\s", Pattern.CASE_INSENSITIVE);

  private final BenchmarkModule benchmarkModule;
  private final Map<String, Table> tables = new LinkedHashMap<>();
  private final Connection conn;

  public HSQLDBCatalog(BenchmarkModule benchmarkModule) {
    this.benchmarkModule = benchmarkModule;
    String url =
        "jdbc:hsqldb:mem:catalog-"
            + benchmarkModule.getBenchmarkName()
            + "-"
            + UUID.randomUUID()
            + ".db;sql.syntax_mys=true";
    try {
      Class.forName("org.hsqldb.jdbcDriver");
      this.conn = DriverManager.getConnection(url);
      benchmarkModule.createDatabase(DatabaseType.HSQLDB, conn);
      Map<String, String> originalNames = originalTableNames();
      Map<String, Table> read = SQLUtil.readCatalogTables(conn, DatabaseType.HSQLDB);
      for (Map.Entry<String, Table> e : read.entrySet()) {
        Table t = e.getValue();
        String original = originalNames.get(t.getName().toUpperCase(Locale.ROOT));
        if (original != null && !original.equals(t.getName())) {
          Table renamed = new Table(original, t.getSeparator());
          for (Column c : t.getColumns()) {
            renamed.addColumn(
                new Column(
                    c.getName(),
                    c.getSeparator(),
                    renamed,
                    c.getType(),
                    c.getSize(),
                    c.isNullable()));
          }
          for (Index i : t.getIndexes()) {
            renamed.addIndex(i);
          }
          t = renamed;
        }
        tables.put(t.getName().toUpperCase(Locale.ROOT), t);
      }
    } catch (ClassNotFoundException ex) {
      throw new RuntimeException("HSQLDB catalog needs the HSQLDB JDBC driver (org.hsqldb)", ex);
    } catch (SQLException | IOException ex) {
      throw new RuntimeException(
          "cannot build the HSQLDB catalog of " + benchmarkModule.getBenchmarkName() + ": " + ex,
          ex);
    }
  }

  /** Table names as spelled in the DDL (HSQLDB reports them upper-cased). */
  private Map<String, String> originalTableNames() throws IOException {
    String ddlText;
    String override = benchmarkModule.getWorkloadConfiguration().getDDLPath();
    if (override != null) {
      ddlText = new String(Files.readAllBytes(Paths.get(override)), StandardCharsets.UTF_8);
    } else {
      String path = benchmarkModule.getDatabaseDDLPath(DatabaseType.HSQLDB);
      if (path == null) {
        return Collections.emptyMap();
      }
      try (InputStream in = benchmarkModule.getClass().getResourceAsStream(path)) {
        ddlText = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    }
    Map<String, String> names = new LinkedHashMap<>();
    Matcher m = CREATE_TABLE.matcher(ddlText);
    while (m.find()) {
      String n = m.group(1).replace("`", "").replace("\"", "");
      names.put(n.toUpperCase(Locale.ROOT), n);
    }
    return names;
  }

  @Override
  public Collection<Table> getTables() {
    return Collections.unmodifiableCollection(tables.values());
  }

  @Override
  public Table getTable(String tableName) {
    return tables.get(tableName.toUpperCase(Locale.ROOT));
  }

  @Override
  public void close() throws SQLException {
    conn.close();
  }
}
