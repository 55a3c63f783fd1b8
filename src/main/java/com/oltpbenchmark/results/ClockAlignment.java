package com.oltpbenchmark.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Puts the parts of a merge on one clock, the database server's. Each part recorded its wall-clock
 * times (the measurement start, where its windows begin) by its own machine's clock, and its offset
 * to the server's clock; adding the one to the other places every part on the server's clock,
 * whatever the machines' clocks said. Says so when the parts' clocks disagree by more than
 * synchronised clocks do, and when a part has no offset to be corrected by.
 */
final class ClockAlignment {
  /**
   * How far the parts' offsets may differ, beyond the readings' uncertainty, before the merge
   * warns. Clocks kept by NTP on one network agree within a few milliseconds; 50 ms is 5 % of a
   * samples.csv window, and beyond it the parts' own times (raw.csv, their start timestamps, log
   * lines) no longer line up by eye.
   */
  static final long WARN_MICROS = 50_000;

  /**
   * The parts' histogram sets on the server's clock, in the parts' order; what to warn of; and the
   * merged set's own offset.
   */
  record Aligned(List<HistogramSet> sets, List<String> warnings, ClockOffset merged) {}

  private ClockAlignment() {}

  static Aligned of(List<ResultSetPart> parts) {
    List<HistogramSet> sets = new ArrayList<>();
    List<ResultSetPart> measured = new ArrayList<>();
    List<ResultSetPart> unmeasured = new ArrayList<>();
    for (ResultSetPart p : parts) {
      if (p.clock != null && p.clock.isMeasured()) {
        measured.add(p);
        sets.add(onServerClock(p.histograms, p.clock.offsetMicros()));
      } else {
        unmeasured.add(p);
        sets.add(p.histograms);
      }
    }
    List<String> warnings = new ArrayList<>();
    String disagree = disagreement(measured);
    if (disagree != null) {
      warnings.add(disagree);
    }
    if (!measured.isEmpty()) {
      for (ResultSetPart p : unmeasured) {
        warnings.add(
            p.labelWithDriver()
                + " has no clock offset ("
                + reason(p)
                + "): its windows are placed by its own clock, which may disagree with the"
                + " database server's, by which the other parts are placed");
      }
    }
    return new Aligned(sets, warnings, mergedOffset(measured, unmeasured));
  }

  /** The warning when the parts' clocks certainly differ by more than {@link #WARN_MICROS}. */
  private static String disagreement(List<ResultSetPart> measured) {
    if (measured.size() < 2) {
      return null;
    }
    ResultSetPart low = measured.get(0);
    ResultSetPart high = low;
    for (ResultSetPart p : measured) {
      if (p.clock.offsetMicros() < low.clock.offsetMicros()) {
        low = p;
      }
      if (p.clock.offsetMicros() > high.clock.offsetMicros()) {
        high = p;
      }
    }
    long apart = high.clock.offsetMicros() - low.clock.offsetMicros();
    long slack = high.clock.uncertaintyMicros() + low.clock.uncertaintyMicros();
    if (apart - slack <= WARN_MICROS) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "the parts' clocks disagree by %.3f s: %s has offset %s to the database server's clock, %s"
            + " %s; their windows are placed on the server's clock (each part's times corrected by"
            + " its offset), but each part's own files (raw.csv start times, Start timestamp) and"
            + " log lines are on its own clock",
        apart / 1e6,
        low.labelWithDriver(),
        low.clock.describe(),
        high.labelWithDriver(),
        high.clock.describe());
  }

  /**
   * The merged set's times are on the server's clock when every part's offset is known: offset 0,
   * as uncertain as the least certain part.
   */
  private static ClockOffset mergedOffset(
      List<ResultSetPart> measured, List<ResultSetPart> unmeasured) {
    if (unmeasured.isEmpty()) {
      long uncertainty = 0;
      for (ResultSetPart p : measured) {
        uncertainty = Math.max(uncertainty, p.clock.uncertaintyMicros());
      }
      return ClockOffset.measured(
          0,
          uncertainty,
          "merged: each part's times corrected by its own offset, so this set's times are the"
              + " database server's clock");
    }
    if (measured.isEmpty()) {
      return ClockOffset.notMeasured(reason(unmeasured.get(0)));
    }
    List<String> labels = new ArrayList<>();
    unmeasured.forEach(p -> labels.add(p.label));
    return ClockOffset.notMeasured(
        "not measured: merged from parts with and without an offset; without: "
            + String.join(", ", labels));
  }

  private static String reason(ResultSetPart p) {
    return p.clock == null
        ? "its summary.json has no \"" + ClockOffset.SUMMARY_KEY + "\": an older result set"
        : p.clock.notMeasured();
  }

  /** {@code s} with its wall-clock times moved by {@code offsetMicros}, onto the server's clock. */
  static HistogramSet onServerClock(HistogramSet s, long offsetMicros) {
    return new HistogramSet(
        s.version(),
        s.benchmark(),
        s.dbmsType(),
        s.configDigest(),
        s.startTimestampMillis() + Math.round(offsetMicros / 1000.0),
        s.elapsedNanos(),
        s.measureStartEpochMicros() + offsetMicros,
        s.windowSeconds(),
        s.significantDigits(),
        s.transactionTypes(),
        s.workloads(),
        s.measurements());
  }
}
