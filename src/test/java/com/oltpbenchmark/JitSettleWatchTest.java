package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.oltpbenchmark.api.collectors.resources.JitSettle;
import com.oltpbenchmark.results.ResultKeys;
import com.oltpbenchmark.results.RunReport;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** summary.json's {@code JIT} object and the console's lines, from a run's verdict. */
class JitSettleWatchTest {

  @Test
  void aWindowAfterTheSettlingIsOneLineWithoutAWarning() {
    RunReport.Section s = JitSettleWatch.section(new JitSettle.Verdict(true, 8, 10, 0.01, true));
    assertEquals(ResultKeys.JIT, s.key());
    Map<String, Object> m = s.summary();
    assertEquals(8L, m.get("Settled After (seconds)"));
    assertEquals(10L, m.get("Measured Window Began At (seconds)"));
    assertEquals(true, m.get("Settled Before The Window"));
    assertNull(m.get("Warning"));
    assertEquals(
        List.of("JIT settled after 8 s (the measured window began at 10 s)"), s.consoleLines());
  }

  @Test
  void aWindowBeforeTheSettlingAddsTheWarning() {
    RunReport.Section s = JitSettleWatch.section(new JitSettle.Verdict(true, 14, 10, 0.01, false));
    String warning =
        "the measured window began at 10 s, before HotSpot's JIT settled (after 14 s): the"
            + " driver's figures include compiling; a <warmup> of 14 s or more, or <warmupUntilJitSettled>,"
            + " keeps it out";
    assertEquals(warning, s.summary().get("Warning"));
    assertEquals(false, s.summary().get("Settled Before The Window"));
    assertEquals(
        List.of(
            "JIT settled after 14 s (the measured window began at 10 s)", "WARNING: " + warning),
        s.consoleLines());
  }

  @Test
  void unreadableCompilerThreadsAreNotMeasured() {
    RunReport.Section s = JitSettleWatch.section(JitSettle.Verdict.UNKNOWN);
    assertEquals(
        "not measured: the compiler threads' CPU is not readable",
        s.summary().get(RunCollectors.NOT_MEASURED));
    assertNull(s.summary().get("Settled After (seconds)"));
    assertEquals(List.of(), s.consoleLines());
  }

  @Test
  void beforeTheFirstPhaseTheProgressLinesHearNothing() {
    assertNull(new JitSettleWatch(JitSettle.Source.ofThisJvm()).progressText());
  }
}
