package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The steps after a run reach the database with bounded waits: a short step gets one answer's time;
 * a long one runs while the database answers a probe, and is left behind once it does not; after
 * that no later step waits again.
 */
class AfterRunDatabaseTest {
  @TempDir Path dir;

  @Test
  void aShortStepThatGetsNoAnswerIsLeftAndTheLaterStepsDoNotWait() throws Exception {
    CountDownLatch never = new CountDownLatch(1);
    AfterRunDatabase db = new AfterRunDatabase(() -> null, 300);
    long t0 = System.nanoTime();
    AfterRunDatabase.Unanswered e =
        assertThrows(AfterRunDatabase.Unanswered.class, () -> db.quick(() -> await(never)));
    assertEquals("the database did not answer within 0.3 s", e.getMessage());
    assertTrue(db.gaveUp());
    AtomicBoolean ran = new AtomicBoolean();
    assertThrows(AfterRunDatabase.Unanswered.class, () -> db.watched(() -> ran.getAndSet(true)));
    assertFalse(ran.get(), "a later step is not even started");
    assertTrue((System.nanoTime() - t0) / 1_000_000 < 5_000);
    never.countDown();
  }

  @Test
  void aLongStepRunsWhileTheDatabaseAnswersAndIsLeftWhenItStops() throws Exception {
    TestDatabase sqlite = TestDatabase.sqlite(dir, "after_run");
    AtomicBoolean answering = new AtomicBoolean(true);
    CountDownLatch never = new CountDownLatch(1);
    AtomicInteger probes = new AtomicInteger();
    // the probe's connection: valid while "answering", else its isValid waits forever
    AfterRunDatabase db =
        new AfterRunDatabase(
            () -> {
              Connection real = sqlite.connect();
              return (Connection)
                  Proxy.newProxyInstance(
                      Connection.class.getClassLoader(),
                      new Class<?>[] {Connection.class},
                      (proxy, m, args) -> {
                        if (m.getName().equals("isValid")) {
                          probes.incrementAndGet();
                          if (!answering.get()) {
                            await(never);
                          }
                        }
                        return m.invoke(real, args);
                      });
            },
            1_000);
    // longer than a probe period: it keeps running because the database answers
    long slept =
        db.watched(
            () -> {
              Thread.sleep(AfterRunDatabase.PROBE_EVERY_MILLIS + 1_500);
              return AfterRunDatabase.PROBE_EVERY_MILLIS + 1_500;
            });
    assertTrue(slept > AfterRunDatabase.PROBE_EVERY_MILLIS);
    assertTrue(probes.get() >= 1, "the database was asked while the step ran");

    answering.set(false);
    long t0 = System.nanoTime();
    assertThrows(AfterRunDatabase.Unanswered.class, () -> db.watched(() -> await(never)));
    long tookMs = (System.nanoTime() - t0) / 1_000_000;
    // a probe period, then one answer's time; wide for a busy machine
    assertTrue(tookMs < AfterRunDatabase.PROBE_EVERY_MILLIS + 1_000 + 5_000, "took " + tookMs);
    never.countDown();
    db.close();
  }

  private static Boolean await(CountDownLatch latch) {
    while (true) {
      try {
        latch.await();
        return Boolean.TRUE;
      } catch (InterruptedException e) {
        // as a blocked socket read: an interrupt does not end it
      }
    }
  }
}
