package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.api.collectors.resources.JitSettle;
import com.oltpbenchmark.api.collectors.resources.ServerProcess;
import com.oltpbenchmark.results.MeasurementCollector;
import java.util.List;

/**
 * Which side collectors a run has, one line each; a collector that does not apply to the run (its
 * option off, another driver process samples) comes back null from its factory and is left out.
 * Their order is the order of their sections in the results. Upstream's {@code -im} throughput
 * lines are registered by {@link ThreadBench}'s constructor, which takes {@code -im} as upstream's
 * does.
 */
final class CollectorList {
  private CollectorList() {}

  static void register(
      RunCollectors into,
      RunSetup setup,
      ThreadBench bench,
      MeasurementCollector measurements,
      List<? extends Worker<? extends BenchmarkModule>> workers,
      ServerProcess server) {
    into.add(new MeasuredWindowResources(server));
    JitSettleWatch jit = new JitSettleWatch(JitSettle.Source.ofThisJvm());
    into.add(jit);
    if (setup.warmupUntilJitSettledSeconds > 0) {
      // the warm-up ends on this watch's settling, so the run reports the settling it waited for
      bench.setWarmupUntilJitSettled(
          setup.warmupUntilJitSettledSeconds * 1_000_000_000L, jit::settle);
    }
    into.add(DatabaseFiguresRun.forRun(setup, bench, server));
    into.add(
        ProgressLines.forRun(
            setup.progressIntervalSeconds,
            workers,
            measurements,
            bench,
            setup.confs,
            jit::progressText));
    into.add(AdvancedMonitorRun.forRun(setup));
    into.add(ReadAnomalySeries.forRun(setup));
  }
}
