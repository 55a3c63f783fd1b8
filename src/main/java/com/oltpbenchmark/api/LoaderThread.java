package com.oltpbenchmark.api;

import java.sql.Connection;
import java.sql.SQLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One unit of load work, run with its own auto-commit connection. */
public abstract class LoaderThread implements Runnable {
  private static final Logger LOG = LoggerFactory.getLogger(LoaderThread.class);

  private final BenchmarkModule benchmarkModule;

  public LoaderThread(BenchmarkModule benchmarkModule) {
    this.benchmarkModule = benchmarkModule;
  }

  @Override
  public final void run() {
    beforeLoad();
    try (Connection conn = benchmarkModule.makeConnection()) {
      load(conn);
    } catch (SQLException ex) {
      SQLException next = ex.getNextException();
      LOG.error(
          "{} failed: {}{}",
          getClass().getSimpleName(),
          ex.getMessage(),
          next == null ? "" : " (next exception: " + next.getMessage() + ")");
      LOG.debug("{} failure", getClass().getSimpleName(), ex);
      throw new RuntimeException(
          "loader " + getClass().getName() + " failed: " + ex.getMessage(), ex);
    } finally {
      afterLoad();
    }
  }

  public abstract void load(Connection conn) throws SQLException;

  /** Runs before the connection is opened, e.g. to wait for prerequisite threads. */
  public void beforeLoad() {}

  /** Runs after load, also after a failure, e.g. to release dependent threads. */
  public void afterLoad() {}
}
