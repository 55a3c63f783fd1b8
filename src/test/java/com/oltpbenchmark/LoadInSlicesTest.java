package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A graph loaded in slices by several processes ({@code --load --driver k/N}) is the graph one
 * process loads, row for row; it counts as complete only once every slice is in (the missing ones
 * named), a slice is not loaded twice, and slices of another count N are refused.
 */
class LoadInSlicesTest {

  @TempDir Path dir;

  private static final List<String> TABLES_IN_KEY_ORDER =
      List.of(
          "nodetable ORDER BY id",
          "linktable ORDER BY id1, link_type, id2",
          "counttable ORDER BY id, link_type");

  @Test
  void threeSlicesFromTwoProcessesAndOneLaterMakeTheWholeGraph() throws Exception {
    TestDatabase whole = TestDatabase.postgres("sg_slices_whole");
    TestDatabase sliced = TestDatabase.postgres("sg_slices_three");
    Path wholeConfig =
        CliRun.sampleConfig(Files.createDirectories(dir.resolve("w")), "postgres", whole, "0.3");
    Path slicedConfig =
        CliRun.sampleConfig(Files.createDirectories(dir.resolve("s")), "postgres", sliced, "0.3");
    Path results = dir.resolve("results");
    CliRun one = CliRun.socialgraph(wholeConfig, results, "--create", "--load");
    assertEquals(0, one.code, one.err);
    CliRun create = CliRun.socialgraph(slicedConfig, results, "--create");
    assertEquals(0, create.code, create.err);

    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      List<Future<CliRun>> loads = new ArrayList<>();
      for (String slice : List.of("1/3", "3/3")) {
        loads.add(
            pool.submit(
                () ->
                    CliRun.socialgraphProcess(slicedConfig, results, "--load", "--driver", slice)));
      }
      for (Future<CliRun> f : loads) {
        CliRun r = f.get();
        assertEquals(0, r.code, r.out);
        // Two processes dropping and rebuilding one index collide ("index id1_type does not
        // exist").
        assertTrue(r.out.contains("a slice loads with the secondary indexes in place"), r.out);
        // [2] or, when the other slice was not in yet, [1, 2] or [2, 3]
        assertTrue(
            r.out.matches("(?s).*the graph is complete once slices \\[[0-9, ]*2[0-9, ]*\\] are.*"),
            r.out);
      }
    } finally {
      pool.shutdownNow();
    }

    CliRun early = CliRun.socialgraph(slicedConfig, results, "--execute");
    assertEquals(DBWorkload.EXIT_FAILURE, early.code, early.err);
    assertTrue(
        early.err.contains(
            "loaded in slices and is not complete (loaded: 1/3, 3/3); load slice 2/3 with"
                + " `--load --driver 2/3`"),
        early.err);
    assertEquals(1, early.err.strip().lines().count(), early.err);

    // A slice of another N would cover other ids: refused, naming both, before anything is written
    // (the graph completed below is still row for row the whole load's).
    for (String other : List.of("2/2", "1/2")) {
      CliRun mixed = CliRun.socialgraph(slicedConfig, results, "--load", "--driver", other);
      assertEquals(DBWorkload.EXIT_FAILURE, mixed.code, mixed.err);
      assertTrue(
          mixed.err.contains(
              "refusing to load slice "
                  + other
                  + ": slices of 3 are loaded (1/3, 3/3); this is slice "
                  + other
                  + ": "),
          mixed.err);
      assertEquals(1, mixed.err.strip().lines().count(), mixed.err);
    }
    CliRun again = CliRun.socialgraph(slicedConfig, results, "--load", "--driver", "3/3");
    assertEquals(DBWorkload.EXIT_FAILURE, again.code, again.err);
    assertTrue(again.err.contains("refusing to load slice 3/3: it is loaded already"), again.err);

    CliRun last = CliRun.socialgraph(slicedConfig, results, "--load", "--driver", "2/3");
    assertEquals(0, last.code, last.err);
    for (String table : TABLES_IN_KEY_ORDER) {
      assertEquals(digest(whole, table), digest(sliced, table), table);
    }
    CliRun audit = CliRun.socialgraph(slicedConfig, results, "--audit");
    assertEquals(0, audit.code, audit.err);
  }

  /** md5 of every row of {@code tableAndOrder}, in that order. */
  private static String digest(TestDatabase db, String tableAndOrder) throws Exception {
    String table = tableAndOrder.substring(0, tableAndOrder.indexOf(' '));
    String order = tableAndOrder.substring(tableAndOrder.indexOf(" ORDER BY ") + 10);
    try (Connection c = DriverManager.getConnection(db.url, db.username, db.password);
        Statement st = c.createStatement();
        ResultSet rs =
            st.executeQuery(
                "SELECT count(*), md5(string_agg(t::text, '|' ORDER BY "
                    + order
                    + ")) FROM "
                    + table
                    + " t")) {
      rs.next();
      assertTrue(rs.getLong(1) > 0, table + " is empty");
      return rs.getLong(1) + " " + rs.getString(2);
    }
  }
}
