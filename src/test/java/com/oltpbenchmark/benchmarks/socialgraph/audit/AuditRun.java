package com.oltpbenchmark.benchmarks.socialgraph.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.oltpbenchmark.DBWorkload;
import com.oltpbenchmark.benchmarks.socialgraph.LoadedGraph;
import com.oltpbenchmark.testutil.RunArgs;
import com.oltpbenchmark.testutil.TestDatabase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.json.JSONArray;
import org.json.JSONObject;

/** LinkBench configs for audit tests, run through DBWorkload, and their audit documents. */
final class AuditRun {

  private AuditRun() {}

  /**
   * A LinkBench config on {@code db}: {@code maxid1} nodes, {@code terminals} terminals for {@code
   * seconds}, the given weights (in {@link LoadedGraph#LINKBENCH_TYPES} order), extra elements.
   */
  static Path config(
      Path dir,
      TestDatabase db,
      long maxid1,
      int terminals,
      int seconds,
      String weights,
      String extra)
      throws IOException {
    StringBuilder types = new StringBuilder();
    for (String t : LoadedGraph.LINKBENCH_TYPES) {
      types.append("<transactiontype><name>").append(t).append("</name></transactiontype>\n");
    }
    String xml =
        "<?xml version=\"1.0\"?>\n<parameters>\n"
            + "<type>"
            + db.type
            + "</type><driver>"
            + db.driver
            + "</driver><url>"
            + db.url.replace("&", "&amp;")
            + "</url><username>"
            + (db.username == null ? "" : db.username)
            + "</username><password>"
            + (db.password == null ? "" : db.password)
            + "</password>\n"
            + "<isolation>"
            + (db.type.equals("SQLITE")
                ? "TRANSACTION_SERIALIZABLE"
                : db.type.equals("POSTGRES")
                    ? "TRANSACTION_READ_COMMITTED"
                    : "TRANSACTION_REPEATABLE_READ")
            + "</isolation>\n"
            + "<batchsize>256</batchsize><retries>20</retries><loaderThreads>1</loaderThreads>\n"
            + "<terminals>"
            + terminals
            + "</terminals>\n<linkbench><maxid1>"
            + maxid1
            + "</maxid1></linkbench>\n"
            + extra
            + "\n<works><work><time>"
            + seconds
            + "</time><rate>unlimited</rate><weights>"
            + weights
            + "</weights></work></works>\n<transactiontypes>\n"
            + types
            + "</transactiontypes>\n</parameters>\n";
    Path file = dir.resolve(db.type.toLowerCase() + "-" + maxid1 + "-" + terminals + ".xml");
    Files.writeString(file, xml, StandardCharsets.UTF_8);
    return file;
  }

  static int dbworkload(Path config, Path results, String... actions) {
    return DBWorkload.run(RunArgs.socialgraph(config, results, actions));
  }

  static void createAndLoad(Path config, Path results) {
    assertEquals(
        0, dbworkload(config, results, "--create=true", "--load=true"), "create + load exit code");
  }

  /**
   * As {@link #config} without extra elements, with the graph created and loaded; results go to
   * {@code dir/results}.
   */
  static Path loadedConfig(
      Path dir, TestDatabase db, long maxid1, int terminals, int seconds, String weights)
      throws IOException {
    Path config = config(dir, db, maxid1, terminals, seconds, weights, "");
    createAndLoad(config, dir.resolve("results"));
    return config;
  }

  /** The newest audit document in {@code results}. */
  static JSONObject latestAudit(Path results) throws IOException {
    return latest(results, ".audit.json");
  }

  /** The newest summary.json in {@code results}. */
  static JSONObject latestSummary(Path results) throws IOException {
    return latest(results, ".summary.json");
  }

  private static JSONObject latest(Path results, String suffix) throws IOException {
    Path newest;
    try (Stream<Path> files = Files.list(results)) {
      newest =
          files
              .filter(p -> p.getFileName().toString().endsWith(suffix))
              .max((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()))
              .orElseThrow(() -> new AssertionError("no " + suffix + " in " + results));
    }
    return new JSONObject(Files.readString(newest));
  }

  static JSONObject check(JSONObject audit, String name) {
    JSONArray checks = audit.getJSONArray("checks");
    for (int i = 0; i < checks.length(); i++) {
      if (checks.getJSONObject(i).getString("name").equals(name)) {
        return checks.getJSONObject(i);
      }
    }
    throw new AssertionError("no check " + name + " in " + audit.toString(2));
  }

  static List<String> exampleKeys(JSONObject check) {
    List<String> keys = new ArrayList<>();
    JSONArray ex = check.getJSONArray("examples");
    for (int i = 0; i < ex.length(); i++) {
      keys.add(ex.getJSONObject(i).getString("key"));
    }
    return keys;
  }
}
