package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.RunArgs;
import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** A run whose share of ERROR requests is above {@code <maxErrorPercent>} exits 3 and says so. */
class ErrorShareTest {
  @TempDir Path dir;

  @ParameterizedTest(name = "weights {0}, limit {1}: exit {2}")
  @CsvSource({
    "'0,100', , 3",
    "'0,100', 100, 0",
    "'100,0', , 0",
    "'50,50', 80, 0",
    "'50,50', 20, 3",
  })
  void exitCodeFollowsTheErrorShare(String weights, Integer limit, int code) throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "error_share");
    String body =
        "<terminals>2</terminals><randomSeed>5</randomSeed>"
            + (limit == null ? "" : "<maxErrorPercent>" + limit + "</maxErrorPercent>")
            + "<works><work><time>2</time><rate>50</rate><weights>"
            + weights
            + "</weights></work></works>"
            + EngineHarness.types("Noop", "MissingTable");
    Path cfg = EngineHarness.write(dir, "error_share.xml", EngineHarness.xml(db, body));
    CliRun r = CliRun.inProcess(RunArgs.createLoadExecute("testbench", cfg, dir.resolve("out")));
    assertEquals(code, r.code, r.toString());
    List<String> lines = r.errLines();
    if (code == DBWorkload.EXIT_TOO_MANY_ERRORS) {
      String last = lines.get(lines.size() - 1);
      assertTrue(last.contains("ended in ERROR") && last.contains("<maxErrorPercent>"), last);
    } else {
      assertTrue(lines.isEmpty(), r.toString());
    }
  }
}
