package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.GaleraCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.json.JSONObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two driver processes on the three-node Galera cluster, one per node, each loading its slice and
 * then running its share of the TAOBench sample; merged into one result, audited once, every node
 * identical.
 */
class GaleraDriverProcessesTest {

  @TempDir Path dir;

  @Test
  void oneProcessPerNodeLoadsRunsAndMergesIntoOneResult() throws Exception {
    GaleraCluster cluster = GaleraCluster.database("sg_galera_procs");
    String sample = Files.readString(Path.of("config", "galera", "sample_taobench_config.xml"));
    Path create = config(sample, cluster.multiHostUrl(), true, "create.xml");
    CliRun created = CliRun.socialgraph(create, dir.resolve("setup"), "--create");
    assertEquals(0, created.code, created.err);

    List<Path> configs = new ArrayList<>();
    for (int k = 1; k <= 2; k++) {
      configs.add(config(sample, cluster.nodeUrl(k), false, "node" + k + ".xml"));
    }
    List<CliRun> loads = inParallel(configs, k -> new String[] {"--load", "--driver", k + "/2"});
    for (CliRun r : loads) {
      assertEquals(0, r.code, r.out);
    }
    // time for both JVMs to start, even on a slow machine
    Instant start = Instant.now().plusSeconds(25);
    List<CliRun> runs =
        inParallel(
            configs,
            k -> new String[] {"--execute", "--driver", k + "/2", "--start-at", start.toString()});
    long sum = 0;
    for (int k = 1; k <= 2; k++) {
      assertEquals(0, runs.get(k - 1).code, runs.get(k - 1).out);
      sum += DriverProcessTest.summary(dir.resolve("run" + k)).getLong("Measured Requests");
    }
    CliRun merge = CliRun.merge(dir.resolve("merged"), dir.resolve("run1"), dir.resolve("run2"));
    assertEquals(0, merge.code, merge.err);
    JSONObject merged = DriverProcessTest.summary(dir.resolve("merged"));
    assertEquals(sum, merged.getLong("Measured Requests"));
    assertTrue(sum > 0);

    CliRun audit = CliRun.socialgraph(create, dir.resolve("audit"), "--audit");
    assertEquals(0, audit.code, audit.err);
    assertEquals(cluster.checksums(1), cluster.checksums(2));
    assertEquals(cluster.checksums(1), cluster.checksums(3));
  }

  private Path config(String sample, String url, boolean spread, String name) throws Exception {
    String xml =
        sample
            .replaceFirst("<url>[^<]*</url>", "<url>" + url.replace("&", "&amp;") + "</url>")
            .replaceFirst(
                "<spreadTerminalsOverHosts>[^<]*</spreadTerminalsOverHosts>",
                "<spreadTerminalsOverHosts>" + spread + "</spreadTerminalsOverHosts>")
            .replaceFirst("<terminals>[^<]*</terminals>", "<terminals>2</terminals>")
            .replaceFirst("<scalefactor>[^<]*</scalefactor>", "<scalefactor>0.2</scalefactor>")
            .replaceAll("<warmup>\\d+</warmup>", "<warmup>0</warmup>")
            .replaceAll("<time>\\d+</time>", "<time>4</time>");
    return Files.writeString(dir.resolve(name), xml);
  }

  @FunctionalInterface
  private interface Arguments {
    String[] of(int k);
  }

  /** Process k (1-based) with configs[k-1], results in run{k} or load{k}, all at once. */
  private List<CliRun> inParallel(List<Path> configs, Arguments args) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(configs.size());
    try {
      List<Future<CliRun>> futures = new ArrayList<>();
      for (int k = 1; k <= configs.size(); k++) {
        Path config = configs.get(k - 1);
        String[] a = args.of(k);
        Path results = dir.resolve((a[0].equals("--load") ? "load" : "run") + k);
        futures.add(pool.submit(() -> CliRun.socialgraphProcess(config, results, a)));
      }
      List<CliRun> out = new ArrayList<>();
      for (Future<CliRun> f : futures) {
        out.add(f.get());
      }
      return out;
    } finally {
      pool.shutdownNow();
    }
  }
}
