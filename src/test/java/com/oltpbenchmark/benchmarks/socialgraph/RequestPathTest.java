package com.oltpbenchmark.benchmarks.socialgraph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.configuration2.XMLConfiguration;
import org.junit.jupiter.api.Test;

/**
 * The request path as docs/architecture.md's table states it is the path a request takes on
 * PostgreSQL, and it stays short: for every transaction type, the module's frames on the stack at
 * every JDBC call that creates or runs a statement are recorded ({@link ModuleFramesAtJdbc}) and
 * compared with the table, and no call has more than {@link #MAX_FRAMES} module frames in more than
 * {@link #MAX_FILES} files.
 */
class RequestPathTest {

  static final int MAX_FRAMES = 12;
  static final int MAX_FILES = 8;

  /** Requests per type: enough for every branch the sample draws take. */
  private static final int REQUESTS = 30;

  private static final Path DOC = Path.of("docs/architecture.md");

  /** Where the read checks probe the setting once per connection: not a request's own path. */
  private static final String SETTING_PROBE = "ReadAnomalies.probe";

  /** One row of the doc's table: the deepest call's frames and files, and every place crossed. */
  record Row(int frames, int files, Set<String> places) {}

  @Test
  void theDocumentedPathIsThePathAtEveryJdbcCallOnPostgres() throws Exception {
    Map<String, List<ModuleFramesAtJdbc.Call>> measured = measure();
    Map<String, Row> documented = documentedPaths(Files.readString(DOC));
    StringBuilder rows = new StringBuilder();
    List<String> wrong = new ArrayList<>();
    for (Map.Entry<String, List<ModuleFramesAtJdbc.Call>> e : measured.entrySet()) {
      String type = e.getKey();
      Row row = rowOf(requestCalls(e.getValue()));
      rows.append(tableLine(type, row)).append('\n');
      if (!row.equals(documented.remove(type))) {
        wrong.add(type);
      }
      for (ModuleFramesAtJdbc.Call call : e.getValue()) {
        assertTrue(
            call.frames().size() <= MAX_FRAMES && call.files().size() <= MAX_FILES,
            type
                + ": "
                + call.frames().size()
                + " module frames in "
                + call.files().size()
                + " files at "
                + call.jdbcMethod()
                + ", more than "
                + MAX_FRAMES
                + " in "
                + MAX_FILES
                + ": "
                + call.frames());
      }
    }
    assertTrue(
        wrong.isEmpty() && documented.isEmpty(),
        DOC
            + " lists another path for "
            + wrong
            + (documented.isEmpty() ? "" : " and rows for no type: " + documented.keySet())
            + "; measured:\n"
            + rows);
  }

  @Test
  void theTableIsReadFromItsSection() {
    String doc =
        "# A\n\n### The path at the JDBC call\n\ntext\n\n"
            + "| Type | Frames | Files | Places at the JDBC call |\n|---|---|---|---|\n"
            + "| GetNode | 9 | 7 | `SocialGraphWorker.executeWork`, `GetNode.run` |\n\n"
            + "## Next\n\n| Other | 1 | 2 | `x` |\n";
    assertEquals(
        Map.of("GetNode", new Row(9, 7, Set.of("SocialGraphWorker.executeWork", "GetNode.run"))),
        documentedPaths(doc));
    assertThrows(AssertionError.class, () -> documentedPaths("# A\n\nno table\n"));
  }

  /** The calls of a request's own path, without the setting probe of a connection's first read. */
  private static List<ModuleFramesAtJdbc.Call> requestCalls(List<ModuleFramesAtJdbc.Call> calls) {
    List<ModuleFramesAtJdbc.Call> own = new ArrayList<>();
    for (ModuleFramesAtJdbc.Call call : calls) {
      if (call.frames().stream().noneMatch(f -> f.place().equals(SETTING_PROBE))) {
        own.add(call);
      }
    }
    assertFalse(own.isEmpty(), "no JDBC call of the request itself");
    return own;
  }

  private static Row rowOf(List<ModuleFramesAtJdbc.Call> calls) {
    int frames = 0;
    int files = 0;
    Set<String> places = new LinkedHashSet<>();
    for (ModuleFramesAtJdbc.Call call : calls) {
      frames = Math.max(frames, call.frames().size());
      files = Math.max(files, call.files().size());
      call.frames().forEach(f -> places.add(f.place()));
    }
    return new Row(frames, files, places);
  }

  private static String tableLine(String type, Row row) {
    List<String> places = row.places().stream().map(p -> "`" + p + "`").toList();
    return "| "
        + type
        + " | "
        + row.frames()
        + " | "
        + row.files()
        + " | "
        + String.join(", ", places)
        + " |";
  }

  /** The rows of the table under the doc's "The path at the JDBC call" heading. */
  static Map<String, Row> documentedPaths(String doc) {
    int section = doc.indexOf("### The path at the JDBC call");
    assertTrue(section >= 0, "no section \"The path at the JDBC call\"");
    Map<String, Row> rows = new LinkedHashMap<>();
    boolean inTable = false;
    for (String line : doc.substring(section).split("\n")) {
      if (line.startsWith("#") && !rows.isEmpty()) {
        break;
      }
      if (!line.startsWith("|")) {
        if (inTable) {
          break;
        }
        continue;
      }
      inTable = true;
      String[] cells = line.split("\\|");
      String type = cells[1].strip();
      if (type.equals("Type") || type.startsWith("---")) {
        continue;
      }
      Set<String> places = new LinkedHashSet<>();
      for (String place : cells[4].split(",")) {
        places.add(place.strip().replace("`", ""));
      }
      rows.put(
          type,
          new Row(Integer.parseInt(cells[2].strip()), Integer.parseInt(cells[3].strip()), places));
    }
    assertFalse(rows.isEmpty(), "the section \"The path at the JDBC call\" has no table");
    return rows;
  }

  /**
   * Runs {@link #REQUESTS} requests of every type through one worker with the sample config's
   * settings ({@code <serverWrites>auto}, read checks on), each type on a connection of its own so
   * that its statements are prepared, and its calls recorded.
   */
  private static Map<String, List<ModuleFramesAtJdbc.Call>> measure() throws Exception {
    WorkloadConfiguration conf = ModuleFixture.configuration(TestDatabase.postgres("sg_path"));
    conf.setRandomSeed(7);
    conf.setIsolationMode("TRANSACTION_READ_COMMITTED");
    XMLConfiguration xml = LoadedGraph.taoBenchWorkloadAWithNewIdsApart();
    List<String> types = new ArrayList<>(LoadedGraph.LINKBENCH_TYPES);
    types.addAll(List.of("Read", "ReadTxn", "Write", "WriteTxn"));
    LoadedGraph g = LoadedGraph.load(conf, 0.05, 1, 512, xml, types);
    List<Worker<? extends BenchmarkModule>> workers = g.benchmark.makeWorkers();
    SocialGraphWorker worker = (SocialGraphWorker) workers.get(0);
    ModuleFramesAtJdbc recorder = new ModuleFramesAtJdbc();
    Map<String, List<ModuleFramesAtJdbc.Call>> byType = new LinkedHashMap<>();
    try (Connection real = g.connect()) {
      real.setAutoCommit(false);
      for (String name : types) {
        TransactionType type = conf.getTransTypes().getType(name);
        Connection conn = recorder.wrap(real);
        recorder.clear();
        for (int i = 0; i < REQUESTS; i++) {
          try {
            worker.executeWork(conn, type);
            real.commit();
          } catch (Procedure.UserAbortException preconditionFailed) {
            real.rollback();
          }
        }
        byType.put(name, recorder.calls());
      }
    } finally {
      workers.forEach(Worker::tearDown);
    }
    return byType;
  }
}
