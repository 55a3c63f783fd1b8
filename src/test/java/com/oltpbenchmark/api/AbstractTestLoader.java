package com.oltpbenchmark.api;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import com.oltpbenchmark.catalog.Table;
import com.oltpbenchmark.util.SQLUtil;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.Test;

/**
 * Upstream-style checks of a module's loader: after a load at scale factor 0.01 every table not
 * listed by {@link #ignorableTables()} has rows, also with an after-load script from the classpath
 * or from a file.
 */
public abstract class AbstractTestLoader<T extends BenchmarkModule> extends AbstractTestCase<T> {

  public AbstractTestLoader() {
    super(true, false);
  }

  @Override
  public List<String> ignorableTables() {
    return List.of();
  }

  @Test
  public void testLoad() throws Exception {
    testLoadWithReturn();
  }

  @Test
  public void testLoadWithAfterLoad() throws Exception {
    benchmark.setAfterLoadScriptPath("/after-load.sql");
    testLoadWithReturn();
    assertEquals(0, singleValue("SELECT * FROM extra"));
  }

  @Test
  public void testLoadWithExternalAfterLoad() throws Exception {
    benchmark.setAfterLoadScriptPath("src/test/java/com/oltpbenchmark/api/after-load-external.sql");
    testLoadWithReturn();
    assertEquals(1, singleValue("SELECT * FROM extra_external"));
  }

  /** Loads the database and checks the row counts; returns the loader that ran. */
  public Loader<? extends BenchmarkModule> testLoadWithReturn() throws Exception {
    Loader<? extends BenchmarkModule> loader = benchmark.loadDatabase();
    assertFalse("the catalog has no tables", catalog.getTables().isEmpty());
    Set<String> ignorable = new HashSet<>();
    List<String> listed = ignorableTables();
    if (listed != null) {
      listed.forEach(t -> ignorable.add(t.toUpperCase(Locale.ROOT)));
    }
    for (Table table : catalog.getTables()) {
      long rows = singleValue(SQLUtil.getCountSQL(workConf.getDatabaseType(), table));
      if (!ignorable.contains(table.getName().toUpperCase(Locale.ROOT))) {
        assertTrue("table " + table.getName() + " is empty after the load", rows > 0);
      }
    }
    return loader;
  }

  private long singleValue(String sql) throws SQLException {
    try (Statement s = conn.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      assertTrue(sql + " returned no row", rs.next());
      return rs.getLong(1);
    }
  }
}
