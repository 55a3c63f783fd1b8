package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.benchmarks.testbench.TinyBenchmark;
import com.oltpbenchmark.benchmarks.testbench.TinyWorker;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Closing the terminals' connections at the end cannot hold the process: a teardown that does not
 * return (a close waiting on a statement the server never answers) is given up after the bound, its
 * worker abandoned, and the others are closed normally.
 */
class WorkerTeardownTest {
  @TempDir Path dir;

  @Test
  void aCloseThatNeverReturnsIsAbandonedAfterTheBound() throws Exception {
    String body =
        "<terminals>2</terminals>"
            + EngineHarness.oneWork(1, "unlimited", "100")
            + EngineHarness.types("Noop");
    BenchmarkModule module =
        EngineHarness.testbench(EngineHarness.sqliteConfig(dir, "bb_teardown", body));
    module.getWorkloadConfiguration().init();
    CountDownLatch never = new CountDownLatch(1);
    TinyWorker stuck =
        new TinyWorker((TinyBenchmark) module, 0) {
          @Override
          public void tearDown() {
            try {
              never.await();
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
          }
        };
    TinyWorker normal = new TinyWorker((TinyBenchmark) module, 1);
    List<Worker<? extends BenchmarkModule>> workers = List.of(stuck, normal);

    long start = System.nanoTime();
    WorkerTeardown.closeAll(workers, 1_000);
    long tookMs = (System.nanoTime() - start) / 1_000_000;

    assertTrue(tookMs < 10_000, "teardown took " + tookMs + " ms");
    assertTrue(stuck.isAbandoned(), "the stuck worker is abandoned");
    assertFalse(normal.isAbandoned(), "the other closed normally");
    never.countDown();
  }
}
