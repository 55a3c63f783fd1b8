package com.oltpbenchmark.api;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.catalog.AbstractCatalog;
import com.oltpbenchmark.catalog.Column;
import com.oltpbenchmark.catalog.Table;
import com.oltpbenchmark.types.DatabaseType;
import com.oltpbenchmark.util.Histogram;
import com.oltpbenchmark.util.SQLUtil;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Random;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Produces the loader threads that fill a benchmark's tables. */
public abstract class Loader<T extends BenchmarkModule> {
  protected static final Logger LOG = LoggerFactory.getLogger(Loader.class);

  protected final T benchmark;
  protected final WorkloadConfiguration workConf;
  protected final double scaleFactor;
  private final Histogram<String> tableSizes = new Histogram<>(true);

  public Loader(T benchmark) {
    this.benchmark = benchmark;
    this.workConf = benchmark.getWorkloadConfiguration();
    this.scaleFactor = workConf.getScaleFactor();
  }

  /** The units of load work, prerequisites first (they run in list order). */
  public abstract List<LoaderThread> createLoaderThreads() throws SQLException;

  public void addToTableCount(String tableName, int delta) {
    tableSizes.put(tableName, delta);
  }

  public Histogram<String> getTableCounts() {
    return tableSizes;
  }

  public DatabaseType getDatabaseType() {
    return workConf.getDatabaseType();
  }

  public Random rng() {
    return benchmark.rng();
  }

  /** Deletes every row of every catalog table; override when foreign keys need an order. */
  public void unload(Connection conn, AbstractCatalog catalog) throws SQLException {
    boolean escape = getDatabaseType() != null && getDatabaseType().shouldEscapeNames();
    try (Statement st = conn.createStatement()) {
      for (Table table : catalog.getTables()) {
        String name = escape ? table.getEscapedName() : table.getName();
        LOG.debug("Deleting all rows of {}", name);
        st.execute("DELETE FROM " + name);
      }
    }
  }

  protected void updateAutoIncrement(Connection conn, Column catalog_col, int value)
      throws SQLException {
    DatabaseType type = getDatabaseType();
    String seq = SQLUtil.getSequenceName(conn, type, catalog_col);
    if (seq == null) {
      return;
    }
    String sql = null;
    if (type == DatabaseType.POSTGRES) {
      sql = String.format("SELECT setval('%s', %d)", seq.toLowerCase(), value);
    } else if (type == DatabaseType.SQLSERVER || type == DatabaseType.SQLAZURE) {
      sql = String.format("ALTER SEQUENCE [%s] RESTART WITH %d", seq, value);
    }
    if (sql != null) {
      try (Statement st = conn.createStatement()) {
        st.execute(sql);
      }
    }
  }
}
