package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.results.DatabaseFacts;
import com.oltpbenchmark.results.MeasurementCollector;
import com.oltpbenchmark.results.RunReport;
import com.oltpbenchmark.types.TransactionStatus;
import com.oltpbenchmark.util.CredentialScrubber;
import com.oltpbenchmark.util.Histogram;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.commons.configuration2.XMLConfiguration;

/**
 * Gathers a finished run's counts from its workers into the report the result writers read; the
 * side collectors add their parts to it afterwards ({@link RunCollectors#finish}).
 */
final class RunReportBuilder {
  private RunReportBuilder() {}

  static RunReport build(
      String benchArgument,
      List<WorkloadConfiguration> confs,
      List<BenchmarkModule> modules,
      ThreadBench.Outcome outcome,
      List<Worker<? extends BenchmarkModule>> workers,
      MeasurementCollector collector,
      XMLConfiguration xml,
      DatabaseFacts.Recorded facts,
      ServerClock.Reading clock) {
    WorkloadConfiguration first = confs.get(0);
    BenchmarkModule firstModule = modules.get(0);
    RunReport.Builder r =
        RunReport.builder()
            .benchmarkArgument(benchArgument)
            .dbmsType(first.getDatabaseType().name())
            .finalState(outcome.finalState.name())
            .startTimestampMillis(outcome.startTimestampMillis)
            .elapsedNanos(outcome.elapsedNanos())
            .scrubber(new CredentialScrubber(first.getPassword(), first.getUrl()))
            .configuration(xml)
            .database(firstModule::makeConnection, CredentialScrubber.safeUrl(first.getUrl()));
    if (facts != null) {
      r.recordedDatabase(facts.version(), facts.parameters());
    }
    List<TransactionType> types = new ArrayList<>();
    for (WorkloadConfiguration wc : confs) {
      for (TransactionType t : wc.getTransTypes()) {
        if (t.getId() != TransactionType.INVALID_ID && !t.isSupplemental()) {
          types.add(t);
        }
      }
    }
    Collections.sort(types);
    r.transactionTypes(types);
    for (TransactionType t : types) {
      r.countType(t);
    }
    for (Worker<? extends BenchmarkModule> w : workers) {
      for (TransactionStatus status : TransactionStatus.values()) {
        Histogram<TransactionType> h = w.getTransactionHistogram(status);
        for (TransactionType t : h.values()) {
          r.addStatusCount(t, status, h.get(t, 0));
        }
      }
      w.getAbortMessages().forEach(r::addAbortMessages);
      w.getErrorStates().forEach(r::addErrorStates);
      r.addErrorMessages(w.getErrorMessages());
      r.addServedRequests(w.getServedRequests());
    }
    for (WorkloadConfiguration wc : confs) {
      for (Phase p : wc.getPhases()) {
        r.addUnservedRequests(p.getId(), 0L);
      }
    }
    outcome.unservedRequests.forEach(r::addUnservedRequests);
    r.inFlightAtEnd(outcome.inFlightAtEnd);
    r.measurements(collector);
    r.clockOffset(clock.atMeasurementStart(collector.origin()));
    confs.forEach(r::addWorkload);
    // what the generators drew; the modules themselves (which hold the credentials) stay out
    for (BenchmarkModule m : modules) {
      r.addFidelity(m.getBenchmarkName(), ModuleHooks.workloadFidelity(m));
      r.anomalies(ModuleHooks.readAnomalies(m));
    }
    return r.build();
  }
}
