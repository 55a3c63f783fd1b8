package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second {@code --load} without {@code --create} on a loaded graph is refused with one line
 * before it touches anything: the graph keeps its marker, so {@code --execute} still runs on it.
 */
class SecondLoadRefusedTest {

  @TempDir Path dir;

  @Test
  void sqlite() throws Exception {
    check("sqlite", TestDatabase.sqlite(dir, "second_load"));
  }

  @Test
  void postgres() throws Exception {
    check("postgres", TestDatabase.postgres("second_load"));
  }

  @Test
  void mariadb() throws Exception {
    check("mariadb", TestDatabase.mariadb("second_load"));
  }

  private void check(String sample, TestDatabase db) throws Exception {
    Path config = CliRun.sampleConfig(dir, sample, db, "0.01");

    CliRun first = run(config, "--create=true", "--load=true");
    assertEquals(0, first.code, first.toString());

    CliRun again = run(config, "--load=true");
    assertEquals(DBWorkload.EXIT_FAILURE, again.code, again.toString());
    List<String> lines = again.errLines();
    assertEquals(1, lines.size(), again.toString());
    String line = lines.get(0);
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
