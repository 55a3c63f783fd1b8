package com.oltpbenchmark.benchmarks.testbench;

import com.oltpbenchmark.api.Loader;
import com.oltpbenchmark.api.LoaderThread;
import com.oltpbenchmark.catalog.Table;
import com.oltpbenchmark.util.SQLUtil;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Loads kv; a second thread depends on the first through a latch that is released only when the
 * first succeeds, so an injected failure would leave it waiting forever unless the runtime cancels
 * it.
 */
public class TinyLoader extends Loader<TinyBenchmark> {

  public TinyLoader(TinyBenchmark benchmark) {
    super(benchmark);
  }

  @Override
  public List<LoaderThread> createLoaderThreads() {
    CountDownLatch kvLoaded = new CountDownLatch(1);
    LoaderThread kv =
        new LoaderThread(benchmark) {
          @Override
          public void load(Connection conn) throws SQLException {
            if (benchmark.config.failLoad) {
              throw new SQLException("injected loader failure");
            }
            Table t = benchmark.getCatalog().getTable("kv");
            // one transaction: SQLite would otherwise sync to disk once per row
            conn.setAutoCommit(false);
            String sql = SQLUtil.getInsertSQL(t, getDatabaseType());
            try (PreparedStatement ps = conn.prepareStatement(sql)) {
              int n = benchmark.rows();
              for (int k = 0; k < n; k++) {
                ps.setInt(1, k);
                ps.setInt(2, 0);
                ps.addBatch();
                if ((k + 1) % workConf.getBatchSize() == 0) {
                  ps.executeBatch();
                }
              }
              ps.executeBatch();
              addToTableCount("kv", n);
            }
            conn.commit();
            kvLoaded.countDown();
          }
        };
    LoaderThread dependent =
        new LoaderThread(benchmark) {
          @Override
          public void beforeLoad() {
            try {
              kvLoaded.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
              throw new IllegalStateException("interrupted while waiting for kv", e);
            }
          }

          @Override
          public void load(Connection conn) throws SQLException {
            try (Statement st = conn.createStatement()) {
              st.executeUpdate("UPDATE kv SET v = 0 WHERE k = 0");
            }
          }
        };
    return List.of(kv, dependent);
  }
}
