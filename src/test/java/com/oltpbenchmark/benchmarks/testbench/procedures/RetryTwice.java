package com.oltpbenchmark.benchmarks.testbench.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.benchmarks.testbench.TinyConfig;
import java.sql.SQLException;

/**
 * Fails {@code failures} attempts in a row with the configured SQLState and vendor code, then
 * succeeds once, and so on (one instance per worker).
 */
public class RetryTwice extends Procedure {
  private int attempts;

  public void run(TinyConfig config) throws SQLException {
    int phase = attempts++ % (config.failures + 1);
    if (phase < config.failures) {
      throw new SQLException("injected conflict", config.retryState, config.retryCode);
    }
  }
}
