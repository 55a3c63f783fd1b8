package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A second {@code --load} without {@code --create} on a loaded graph is refused with one line
 * before it touches anything: the graph keeps its marker, so {@code --execute} still runs on it.
 */
class SecondLoadRefusedTest {

  @TempDir Path dir;

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgres", "mariadb"})
  void aSecondLoadIsRefusedAndTheGraphStillRuns(String sample) throws Exception {
    check(sample, TestDatabase.forSample(sample, dir, "second_load"));
  }

  private void check(String sample, TestDatabase db) throws Exception {
    Path config = CliRun.sampleConfig(dir, sample, db, "0.01");

    CliRun first = run(config, "--create=true", "--load=true");
    assertEquals(0, first.code, first.toString());

    String line = run(config, "--load=true").endedWithOneLine(DBWorkload.EXIT_FAILURE);
    assertTrue(
        line.contains("refusing to load: the socialgraph tables already hold a complete graph")
            && line.contains("maxid1=101, load_random_seed=")
            && line.contains("--create=true --load=true replaces it"),
        line);

    CliRun execute = run(config, "--execute=true");
    assertEquals(0, execute.code, execute.toString());
  }

  private CliRun run(Path config, String... actions) {
    return CliRun.socialgraph(config, dir.resolve("results"), actions);
  }
}
