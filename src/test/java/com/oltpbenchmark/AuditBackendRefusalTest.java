package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An {@code <audit><backend>} the audit could never connect to is refused with the invalid-input
 * exit code and one line naming the element, the URL and the config file, before the SQLite file
 * the run would create exists.
 */
class AuditBackendRefusalTest {

  @TempDir Path dir;

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "jdbc:mariadb//127.0.0.1:3396/ | no JDBC driver on the classpath accepts it",
        "jdbc:mariadb://127.0.0.1:99999/ | port 99999 is out of range (1 to 65535)",
        "jdbc:postgresql://127.0.0.1:/db | the port after ':' is empty",
        "jdbc:postgresql://127.0.0.1:5x432/db | port \"5x432\" is not a number",
        "127.0.0.1:3321 | is not a JDBC URL"
      })
  void refusedBeforeAnythingIsTouched(String backend, String problem) throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "backend_refusal");
    Path sample = CliRun.sampleConfig(dir, "sqlite", db, "0.01");
    String xml =
        Files.readString(sample)
            .replace(
                "</parameters>", "<audit><backend>" + backend + "</backend></audit></parameters>");
    Path config = Files.writeString(dir.resolve("backend.xml"), xml);

    String line =
        CliRun.socialgraph(config, dir.resolve("r"), "--create", "--load", "--execute")
            .endedWithOneLine(ExitCodes.CONFIG);

    assertTrue(line.startsWith("benchbase: invalid configuration in " + config), line);
    assertTrue(line.contains("<audit><backend> \"" + backend + "\": " + problem), line);
    assertFalse(Files.exists(Path.of(db.url.substring("jdbc:sqlite:".length()))), "no database");
  }
}
