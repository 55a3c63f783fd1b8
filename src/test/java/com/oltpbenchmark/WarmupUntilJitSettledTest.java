package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.api.collectors.resources.JitSettle;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.State;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.WriterAppender;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junitpioneer.jupiter.RetryingTest;

/**
 * {@code <warmupUntilJitSettled>}: the warm-up goes on past {@code <warmup>} until the JIT settled,
 * at most that many seconds, and the first phase then measures its whole time.
 */
class WarmupUntilJitSettledTest {
  private static final double S = 1e9;

  @TempDir Path dir;

  /**
   * A driver busy on one core whose compiler threads use {@code share} of it, read as time goes.
   */
  private static JitSettle.Source compiling(double share) {
    long start = System.nanoTime();
    return new JitSettle.Source() {
      @Override
      public long compilerCpuNanos() {
        return (long) ((System.nanoTime() - start) * share);
      }

      @Override
      public long processCpuNanos() {
        return System.nanoTime() - start;
      }
    };
  }

  private ThreadBench bench;

  private EngineHarness.Run run(long longestSeconds, JitSettle.Source source) throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "bb_warmup_jit");
    String body =
        "<terminals>1</terminals><loaderThreads>1</loaderThreads><works><work>"
            + "<warmup>1</warmup><time>1</time><rate>200</rate><weights>100</weights>"
            + "</work></works>"
            + EngineHarness.types("Noop");
    Path xml = EngineHarness.write(dir, "warmup.xml", EngineHarness.xml(db, body));
    return EngineHarness.run(
        xml,
        b -> {
          // the run's own watch, as CollectorList registers it, on readings the test makes up
          JitSettleWatch watch = new JitSettleWatch(source);
          b.sideCollectors().add(watch);
          b.setWarmupUntilJitSettled((long) (longestSeconds * S), watch::settle);
          bench = b;
        });
  }

  private static double windowBeganAfterSeconds(EngineHarness.Run r) {
    return (r.outcome.measureStartNanos - r.outcome.runStartNanos) / S;
  }

  @RetryingTest(3)
  void theWindowOpensOnceTheJitSettledAndMeasuresTheWholePhase() throws Exception {
    // never compiling: settled once 5 s of readings say so, past the 1 s <warmup>
    EngineHarness.Run r = run(20, compiling(0));
    double began = windowBeganAfterSeconds(r);
    assertTrue(began >= 4.9 && began < 7, "the window began after " + began + " s");
    assertEquals(1.0, r.outcome.elapsedNanos() / S, 0.05);
    assertEquals(200, r.collector.getMeasuredRequests(), 3);
    // the schedule ran at 200/s through the longer warm-up, and nothing due went unserved
    assertEquals(200 * (began + 1), r.events.size(), 200 * 0.1);
    assertEquals(0L, r.outcome.unservedRequests.getOrDefault(1, 0L));
    assertEquals(State.EXIT, r.outcome.finalState);
    // the progress lines' planned time grew by what the warm-up took past its <warmup>
    assertEquals(Math.round(began - 1), bench.warmupBeyondConfiguredSeconds());
  }

  @RetryingTest(3)
  void aJitThatNeverSettlesOpensTheWindowAtTheLongest() throws Exception {
    EngineHarness.Run r = run(2, compiling(0.5));
    double began = windowBeganAfterSeconds(r);
    assertTrue(began >= 2 && began < 2.5, "the window began after " + began + " s");
    assertEquals(1.0, r.outcome.elapsedNanos() / S, 0.05);
    assertEquals(200, r.collector.getMeasuredRequests(), 3);
  }

  @Test
  void theElementIsSecondsAtLeastTheWarmUpOrZero() throws Exception {
    assertEquals(0, reader("").warmupUntilJitSettledSeconds(30));
    assertEquals(0, reader(element("0")).warmupUntilJitSettledSeconds(30));
    assertEquals(120, reader(element("120")).warmupUntilJitSettledSeconds(30));
    assertEquals(30, reader(element("30")).warmupUntilJitSettledSeconds(30));
    ConfigurationError shorter =
        assertThrows(
            ConfigurationError.class, () -> reader(element("20")).warmupUntilJitSettledSeconds(30));
    assertTrue(
        shorter.getMessage().contains("at least the first phase's <warmup> (30 s)"),
        shorter.getMessage());
    for (String bad : List.of("-1", "soon", "1.5")) {
      ConfigurationError e =
          assertThrows(
              ConfigurationError.class,
              () -> reader(element(bad)).warmupUntilJitSettledSeconds(0),
              bad);
      assertTrue(e.getMessage().contains("warmupUntilJitSettled"), e.getMessage());
    }
  }

  @Test
  void aDriverProcessOfSeveralKeepsTheFixedWarmUpAndSaysSoOnlyWhenItExecutes() throws Exception {
    WorkloadConfigReader reader = reader(element("120"));
    Logger logger = Logger.getLogger(RunSetup.class);
    StringWriter log = new StringWriter();
    WriterAppender appender = new WriterAppender(new PatternLayout("%m%n"), log);
    Level old = logger.getLevel();
    logger.setLevel(Level.INFO);
    logger.addAppender(appender);
    try {
      assertEquals(120, RunSetup.warmupUntilJitSettled(reader, List.of(), null, true));
      assertEquals("", log.toString());
      // a process of several that only loads its slice has no warm-up to warn about
      assertEquals(
          0, RunSetup.warmupUntilJitSettled(reader, List.of(), new DriverProcess(1, 2), false));
      assertEquals("", log.toString());
      assertEquals(
          0, RunSetup.warmupUntilJitSettled(reader, List.of(), new DriverProcess(1, 2), true));
      assertTrue(
          log.toString().contains("<warmupUntilJitSettled> is not used by a driver process"),
          log.toString());
    } finally {
      logger.removeAppender(appender);
      logger.setLevel(old);
    }
  }

  private static String element(String v) {
    return "<warmupUntilJitSettled>" + v + "</warmupUntilJitSettled>";
  }

  private WorkloadConfigReader reader(String elements) throws Exception {
    return EngineHarness.readerOf(dir, elements);
  }
}
