package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.results.CredentialScrubber;
import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.results.RunReport;
import com.oltpbenchmark.types.TransactionStatus;
import com.oltpbenchmark.util.Histogram;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.configuration2.XMLConfiguration;

/** Gathers a finished run's counts from its workers into the report the result writers read. */
final class RunReportBuilder {
  private RunReportBuilder() {}

  static RunReport build(
      String benchArgument,
      List<WorkloadConfiguration> confs,
      List<BenchmarkModule> modules,
      ThreadBench.Outcome outcome,
      List<Worker<? extends BenchmarkModule>> workers,
      MeasurementCollector collector,
      XMLConfiguration xml) {
    WorkloadConfiguration first = confs.get(0);
    RunReport r = new RunReport();
    r.benchmarkArgument = benchArgument;
    r.dbmsType = first.getDatabaseType().name();
    r.finalState = outcome.finalState.name();
    r.startTimestampMillis = outcome.startTimestampMillis;
    r.elapsedNanos = outcome.elapsedNanos();
    r.xmlConfig = xml;
    r.database = modules.get(0)::makeConnection;
    r.databaseLabel = CredentialScrubber.safeUrl(first.getUrl());
    r.scrubber = new CredentialScrubber(first.getPassword(), first.getUrl());
    List<TransactionType> types = new ArrayList<>();
    for (WorkloadConfiguration wc : confs) {
      for (TransactionType t : wc.getTransTypes()) {
        if (t.getId() != TransactionType.INVALID_ID && !t.isSupplemental()) {
          types.add(t);
        }
      }
    }
    Collections.sort(types);
    r.transactionTypes = types;
    for (TransactionType t : types) {
      r.statusCounts.put(t, new EnumMap<>(TransactionStatus.class));
    }
    for (Worker<? extends BenchmarkModule> w : workers) {
      for (TransactionStatus status : TransactionStatus.values()) {
        addCounts(r, w.getTransactionHistogram(status), status);
      }
      merge(r.abortMessages, w.getAbortMessages());
      merge(r.errorStates, w.getErrorStates());
    }
    for (WorkloadConfiguration wc : confs) {
      for (Phase p : wc.getPhases()) {
        r.unservedRequests.putIfAbsent(p.getId(), 0L);
      }
    }
    outcome.unservedRequests.forEach((k, v) -> r.unservedRequests.merge(k, v, Long::sum));
    r.measurements = collector;
    r.workloads = List.copyOf(confs);
    r.modules = List.copyOf(modules);
    return r;
  }

  private static void addCounts(
      RunReport r, Histogram<TransactionType> h, TransactionStatus status) {
    for (TransactionType t : h.values()) {
      r.statusCounts
          .computeIfAbsent(t, k -> new EnumMap<>(TransactionStatus.class))
          .merge(status, (long) h.get(t, 0), Long::sum);
    }
  }

  private static void merge(
      Map<TransactionType, Map<String, Long>> into, Map<TransactionType, Map<String, Long>> from) {
    from.forEach(
        (t, m) -> {
          Map<String, Long> target = into.computeIfAbsent(t, k -> new LinkedHashMap<>());
          m.forEach((k, v) -> target.merge(k, v, Long::sum));
        });
  }
}
