package com.oltpbenchmark;

import com.oltpbenchmark.api.collectors.resources.JitSettle;
import com.oltpbenchmark.results.ResultKeys;
import com.oltpbenchmark.results.RunReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * When HotSpot's JIT settled ({@link JitSettle}), read once a second on a thread of its own from
 * the first phase's start to the end of the phases: the progress lines say it while the run goes
 * on, and the results (summary.json {@code JIT}, a console line) compare it with the measured
 * window, with a warning when the window began first.
 */
final class JitSettleWatch implements RunCollector {
  private static final Logger LOG = LoggerFactory.getLogger(JitSettleWatch.class);

  private final JitSettle.Source source;
  private volatile JitSettle settle;
  private Thread thread;

  JitSettleWatch(JitSettle.Source source) {
    this.source = source;
  }

  @Override
  public String name() {
    return "JIT settling";
  }

  @Override
  public String summaryKey() {
    return ResultKeys.JIT;
  }

  /** The readings since the first phase started, or null before it. */
  JitSettle settle() {
    return settle;
  }

  /** For the progress lines: whether the JIT has settled, or null before the first reading. */
  String progressText() {
    JitSettle s = settle;
    return s == null ? null : s.progressText();
  }

  @Override
  public void phaseChanged(PhaseChange change) {
    if (change.change() == Change.PHASE_STARTED && settle == null) {
      JitSettle s = new JitSettle(source, change.nanos());
      settle = s;
      thread = new Thread(() -> sampleEverySecond(s, change.nanos()), "jit-settle");
      thread.setDaemon(true);
      thread.start();
    } else if (change.change() == Change.PHASES_ENDED) {
      close();
    }
  }

  private static void sampleEverySecond(JitSettle s, long fromNanos) {
    try {
      for (long next = fromNanos; !Thread.currentThread().isInterrupted(); ) {
        s.sample(System.nanoTime());
        next += 1_000_000_000L;
        long wait = next - System.nanoTime();
        if (wait > 0) {
          Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public Contribution finish(RunEnd end) {
    JitSettle s = settle;
    if (s == null) {
      return Contribution.NONE;
    }
    JitSettle.Verdict v = s.verdict(end.outcome().measureStartNanos);
    v.warning().ifPresent(w -> LOG.warn("{}", w));
    RunReport.Section section = section(v);
    return report -> report.withSection(section);
  }

  /** summary.json's {@code JIT} object and the console's lines of a verdict. */
  static RunReport.Section section(JitSettle.Verdict v) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("Settled After (seconds)", v.settledAfterSeconds() < 0 ? null : v.settledAfterSeconds());
    m.put(
        "Measured Window Began At (seconds)",
        v.windowAfterSeconds() < 0 ? null : v.windowAfterSeconds());
    m.put("Settled Before The Window", v.settledBeforeWindow());
    m.put("Warning", v.warning().orElse(null));
    if (!v.known()) {
      m.put(RunCollectors.NOT_MEASURED, "not measured: the compiler threads' CPU is not readable");
    }
    List<String> lines = new ArrayList<>();
    v.line().ifPresent(lines::add);
    v.warning().ifPresent(w -> lines.add("WARNING: " + w));
    return new RunReport.Section(ResultKeys.JIT, m, lines);
  }

  @Override
  public void close() {
    Thread t = thread;
    if (t != null) {
      t.interrupt();
    }
  }
}
