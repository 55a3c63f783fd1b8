package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.benchmarks.testbench.TinyBenchmark;
import com.oltpbenchmark.benchmarks.testbench.TinyWorker;
import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.types.TransactionStatus;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A driver whose {@code Connection.abort} waits (MariaDB Connector/J's waits until a network
 * partition heals) cannot hold the end of a run: every terminal stuck in a request at the end is
 * counted in flight, once, all their aborts are started at once on threads of their own, and the
 * run ends within the grace plus the abort bound. Requests that finish afterwards are counted
 * nowhere else.
 */
class BlockingAbortTest {
  private static final int TERMINALS = 4;
  private static final long GRACE_MS = 500;

  @TempDir Path dir;

  @Test
  @Timeout(60) // the old code waited for the first abort, which never returns here
  void everyStuckRequestIsCountedOnceAndTheRunEndsWhileTheAbortsWait() throws Exception {
    String body =
        "<terminals>"
            + TERMINALS
            + "</terminals>"
            + EngineHarness.oneWork(1, "unlimited", "100")
            + EngineHarness.types("Noop");
    BenchmarkModule module =
        EngineHarness.testbench(EngineHarness.sqliteConfig(dir, "bb_blocking_abort", body));
    WorkloadConfiguration wc = module.getWorkloadConfiguration();
    wc.init();
    module.createDatabase();
    module.refreshCatalog();
    CountDownLatch release = new CountDownLatch(1);
    AtomicInteger abortsStarted = new AtomicInteger();
    List<Worker<? extends BenchmarkModule>> workers = new ArrayList<>();
    for (int i = 0; i < TERMINALS; i++) {
      workers.add(
          new TinyWorker((TinyBenchmark) module, i) {
            @Override
            protected void initialize() {
              conn = abortWaits(conn, release, abortsStarted);
            }

            @Override
            protected TransactionStatus executeWork(Connection c, TransactionType type) {
              // as a request to a server that stopped answering: an interrupt does not end it
              awaitUninterruptibly(release);
              return TransactionStatus.SUCCESS;
            }
          });
    }
    MeasurementCollector collector = new MeasurementCollector(1, false);
    ThreadBench bench = new ThreadBench(workers, List.of(wc), collector, 0);
    bench.setInFlightGraceMillis(GRACE_MS);
    long t0 = System.nanoTime();
    ThreadBench.Outcome outcome;
    try {
      outcome = bench.run();
    } finally {
      long tookMs = (System.nanoTime() - t0) / 1_000_000;
      // 1 s phase, 0.5 s grace, 1 s for the aborts, at most 1 s of teardown; margin for a busy box
      assertTrue(tookMs < 1_000 + GRACE_MS + 1_000 + 1_000 + 5_000, "the run took " + tookMs);
    }
    try {
      assertEquals(TERMINALS, outcome.inFlightAtEnd.requests(), "every stuck request, once");
      assertEquals(TERMINALS, abortsStarted.get(), "no abort waited for another");
    } finally {
      release.countDown();
    }
    Thread.sleep(500);
    long counted = 0;
    for (Worker<? extends BenchmarkModule> w : workers) {
      counted += w.getTransactionHistogram(TransactionStatus.SUCCESS).getSampleCount();
    }
    assertEquals(0, counted, "the requests that ended after the run are not counted again");
    collector.close();
  }

  /** {@code real}, except that {@code abort} waits for {@code release}. */
  private static Connection abortWaits(
      Connection real, CountDownLatch release, AtomicInteger started) {
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              if (method.getName().equals("abort")) {
                started.incrementAndGet();
                awaitUninterruptibly(release);
                return null;
              }
              try {
                return method.invoke(real, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }

  private static void awaitUninterruptibly(CountDownLatch latch) {
    while (true) {
      try {
        latch.await();
        return;
      } catch (InterruptedException e) {
        // keep waiting, as a blocked socket read does
      }
    }
  }
}
