package com.oltpbenchmark.benchmarks.testbench;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.benchmarks.testbench.procedures.Abort;
import com.oltpbenchmark.benchmarks.testbench.procedures.Crash;
import com.oltpbenchmark.benchmarks.testbench.procedures.DropConnection;
import com.oltpbenchmark.benchmarks.testbench.procedures.MissingTable;
import com.oltpbenchmark.benchmarks.testbench.procedures.Noop;
import com.oltpbenchmark.benchmarks.testbench.procedures.NoopB;
import com.oltpbenchmark.benchmarks.testbench.procedures.ReadRow;
import com.oltpbenchmark.benchmarks.testbench.procedures.ReadThenUpdate;
import com.oltpbenchmark.benchmarks.testbench.procedures.RetryTwice;
import com.oltpbenchmark.benchmarks.testbench.procedures.Slow;
import com.oltpbenchmark.benchmarks.testbench.procedures.UpdateRow;
import com.oltpbenchmark.types.TransactionStatus;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/** Dispatches to the probe procedures and records when each transaction ran. */
public class TinyWorker extends Worker<TinyBenchmark> {
  /** One entry per executeWork call: {type id, worker id, System.nanoTime()}. */
  public static final Queue<long[]> EVENTS = new ConcurrentLinkedQueue<>();

  private final TinyConfig config;

  public TinyWorker(TinyBenchmark benchmark, int id) {
    super(benchmark, id);
    this.config = benchmark.config;
  }

  @Override
  protected void initialize() {
    if (config.failSetup) {
      throw new IllegalStateException("injected setup failure");
    }
    if (config.setupSleepMs > 0) {
      try {
        Thread.sleep(config.setupSleepMs);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  protected TransactionStatus executeWork(Connection conn, TransactionType txnType)
      throws Procedure.UserAbortException, SQLException {
    EVENTS.add(new long[] {txnType.getId(), getId(), System.nanoTime()});
    Class<? extends Procedure> c = txnType.getProcedureClass();
    int key = rng().nextInt(getBenchmark().rows());
    if (c.equals(Noop.class)) {
      getProcedure(Noop.class).run();
    } else if (c.equals(NoopB.class)) {
      getProcedure(NoopB.class).run();
    } else if (c.equals(ReadRow.class)) {
      getProcedure(ReadRow.class).run(conn, key);
    } else if (c.equals(ReadThenUpdate.class)) {
      getProcedure(ReadThenUpdate.class).run(conn, key);
    } else if (c.equals(UpdateRow.class)) {
      getProcedure(UpdateRow.class).run(conn, key);
    } else if (c.equals(RetryTwice.class)) {
      getProcedure(RetryTwice.class).run(config);
    } else if (c.equals(Abort.class)) {
      getProcedure(Abort.class).run();
    } else if (c.equals(Crash.class)) {
      getProcedure(Crash.class).run();
    } else if (c.equals(DropConnection.class)) {
      getProcedure(DropConnection.class).run(conn, getWorkloadConfiguration().getDatabaseType());
    } else if (c.equals(MissingTable.class)) {
      getProcedure(MissingTable.class).run(conn, key);
    } else if (c.equals(Slow.class)) {
      getProcedure(Slow.class).run(config.sleepMs);
    } else {
      throw new IllegalStateException("unknown transaction type " + txnType);
    }
    return TransactionStatus.SUCCESS;
  }
}
