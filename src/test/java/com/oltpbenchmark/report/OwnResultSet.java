package com.oltpbenchmark.report;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.TransactionTypes;
import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.results.ResultWriter;
import com.oltpbenchmark.results.RunReport;
import com.oltpbenchmark.types.TransactionStatus;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** This runtime's result files for a small made-up run of two phases, written without a DBMS. */
final class OwnResultSet {
  public static class ReadRow extends Procedure {}

  public static class WriteRow extends Procedure {}

  static final TransactionType READ = new TransactionType(ReadRow.class, 1, false, 0, 0) {};
  static final TransactionType WRITE = new TransactionType(WriteRow.class, 2, false, 0, 0) {};
  static final long SEC = 1_000_000_000L;
  static final long MS = 1_000_000L;

  private OwnResultSet() {}

  /** Phase 1: 1 terminal, 4 s at 100/s; phase 2: 2 terminals, 4 s at 150/s; 3:1 mix. */
  static RunReport report() {
    long origin = 9_000 * SEC;
    MeasurementCollector c = new MeasurementCollector(1, false);
    c.beginMeasurement(origin, 1_795_000_000_000L);
    long[] perSecond = {100, 150};
    for (int phase = 1; phase <= 2; phase++) {
      for (int s = 0; s < 4; s++) {
        long n = perSecond[phase - 1];
        for (int i = 0; i < n; i++) {
          long start = origin + ((phase - 1) * 4 + s) * SEC + i * (SEC / n);
          TransactionType t = i % 4 == 3 ? WRITE : READ;
          c.record(t.getId(), start, start + (phase * 2 + i % 5) * MS, Long.MIN_VALUE, 0, phase);
        }
      }
    }
    RunReport.Builder r =
        RunReport.builder()
            .benchmarkArgument("testbench")
            .dbmsType("SQLITE")
            .finalState("EXIT")
            .startTimestampMillis(1_795_000_000_000L)
            .elapsedNanos(8 * SEC)
            .transactionTypes(List.of(READ, WRITE));
    for (TransactionType t : List.of(READ, WRITE)) {
      r.addStatusCount(t, TransactionStatus.SUCCESS, 500L);
    }
    WorkloadConfiguration wc = new WorkloadConfiguration();
    wc.setBenchmarkName("testbench");
    wc.setTransTypes(new TransactionTypes(new ArrayList<>(List.of(READ, WRITE))));
    wc.addPhase(1, 4, 0, 0, List.of(75.0, 25.0), false, false, false, true, 1, null);
    wc.addPhase(2, 4, 0, 0, List.of(75.0, 25.0), false, false, false, true, 2, null);
    return r.addWorkload(wc).measurements(c).build();
  }

  /** Writes the result files and the report; returns the summary.json path. */
  static Path write(RunReport r, Path dir, String base) throws IOException {
    ResultWriter.writeAll(r, dir, base, null);
    RunReportFiles.afterResults(r, dir, base);
    return dir.resolve(base + ".summary.json");
  }
}
