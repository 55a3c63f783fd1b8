package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import com.fasterxml.jackson.databind.JsonNode;
import com.oltpbenchmark.DBWorkload;
import com.oltpbenchmark.testutil.ConfigXml;
import com.oltpbenchmark.testutil.RunArgs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** TAOBench runs on a small, hot graph, for the read checks' tests against real servers. */
final class ReadCheckRuns {

  /** Weights that give many write transactions, so that read transactions meet their keys. */
  static final String HOT_WEIGHTS = "50, 20, 20, 10";

  private ReadCheckRuns() {}

  /**
   * A copy of config/{@code sample}/sample_taobench_config.xml on {@code url}: {@code isolation},
   * 100 objects, no warm-up, {@code seconds} long, {@link #HOT_WEIGHTS}.
   */
  static Path config(
      Path dir, String sample, String url, String user, String isolation, int seconds)
      throws Exception {
    String xml = Files.readString(Path.of("config", sample, "sample_taobench_config.xml"));
    xml = ConfigXml.set(xml, "url", url.replace("&", "&amp;"));
    xml = ConfigXml.set(xml, "username", user);
    xml = ConfigXml.set(xml, "isolation", isolation);
    xml = ConfigXml.set(xml, "scalefactor", "0.01");
    xml = ConfigXml.set(xml, "warmup", "0");
    xml = ConfigXml.set(xml, "time", String.valueOf(seconds));
    xml = ConfigXml.set(xml, "weights", HOT_WEIGHTS);
    Path config = dir.resolve(sample + "-" + isolation + ".xml");
    Files.writeString(config, xml, StandardCharsets.UTF_8);
    return config;
  }

  /** Runs {@code actions} with the database figures off; returns the exit code. */
  static int run(Path config, Path results, String... actions) {
    String[] args = RunArgs.socialgraph(config, results, actions);
    String[] all = java.util.Arrays.copyOf(args, args.length + 1);
    all[args.length] = "--database-figures=false";
    return DBWorkload.run(all);
  }

  /** The summary's {@code Anomalies} of the one run in {@code results}. */
  static JsonNode anomalies(Path results) throws Exception {
    return ConfigXml.summary(results).get("Anomalies");
  }
}
