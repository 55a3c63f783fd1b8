package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.testutil.Reachable;
import com.oltpbenchmark.testutil.RunArgs;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.util.MaskingLayout;
import com.oltpbenchmark.util.SecretMask;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** No console line of a run shows a password given in the URL or the configuration. */
class ConsoleSecretsTest {
  private static final String SECRET = "Hunter2Secret";

  @TempDir Path dir;

  private Path config(String url, String extra) throws Exception {
    return EngineHarness.write(
        dir,
        "secret.xml",
        "<?xml version=\"1.0\"?>\n<parameters><type>POSTGRES</type><url>"
            + url.replace("&", "&amp;")
            + "</url>"
            + extra
            + "<terminals>1</terminals><works><work><time>2</time><rate>20</rate>"
            + "<weights>100</weights></work></works>"
            + EngineHarness.types("Noop")
            + "</parameters>\n");
  }

  private void assertNoSecret(CliRun r, int code) {
    assertEquals(code, r.code, r.toString());
    assertFalse(r.out.contains(SECRET), "a console line shows the password:\n" + r.out);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "password parameter | jdbc:postgresql://127.0.0.1:1/x?user=bob&password=Hunter2Secret"
            + "&connectTimeout=5 | 1",
        "user info | jdbc:postgresql://bob:Hunter2Secret@127.0.0.1:1/x?connectTimeout=5 | 1",
      })
  void failedConnectionsPrintNoSecret(String name, String url, int code) throws Exception {
    Path cfg = config(url, "<password>" + SECRET + "</password>");
    assertNoSecret(CliRun.process(120, "-b", "testbench", "-c", cfg.toString(), "--create"), code);
  }

  @Test
  void aWholeRunPrintsNoSecret() throws Exception {
    TestDatabase db = TestDatabase.postgres("bb_console_secret");
    Path cfg =
        EngineHarness.write(
            dir,
            "secret_run.xml",
            EngineHarness.xml(
                    db,
                    "<terminals>1</terminals><works><work><time>2</time><rate>20</rate>"
                        + "<weights>100</weights></work></works>"
                        + EngineHarness.types("Noop"))
                .replace("</url>", "&amp;password=" + SECRET + "</url>"));
    CliRun r = CliRun.process(180, RunArgs.createLoadExecute("testbench", cfg, dir.resolve("out")));
    assertNoSecret(r, DBWorkload.EXIT_OK);
    assertTrue(r.out.contains("PHASE START"), r.out);
  }

  @Test
  void theConsoleMaskKeepsNoSecretInPlainText() throws Exception {
    String password = "Plain-Secret-7731";
    String urlPassword = "UrlSecret-8842";
    SecretMask.register(password, "jdbc:postgresql://h/db?user=u&password=" + urlPassword);
    SecretMask.register(password, null); // registering again changes nothing
    assertFalse(SecretMask.mask("a " + password + " b").contains(password));
    assertFalse(SecretMask.mask("x " + urlPassword).contains(urlPassword));
    List<Object> statics = new ArrayList<>();
    for (Field f : SecretMask.class.getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers())) {
        f.setAccessible(true);
        statics.add(f.get(null));
      }
    }
    for (String secret : List.of(password, urlPassword)) {
      assertEquals(List.of(), Reachable.occurrences(statics, secret, o -> false), secret);
    }
  }

  @Test
  void logLinesAndStackTracesAreMasked() {
    SecretMask.register("Registered-Pw-42", null);
    MaskingLayout layout = new MaskingLayout();
    layout.setConversionPattern("%m%n");
    SQLException cause = new SQLException("connect jdbc:mysql://root:TracePw99@db:3306/x failed");
    LoggingEvent event =
        new LoggingEvent(
            Logger.class.getName(),
            Logger.getLogger("t"),
            Level.ERROR,
            "url jdbc:postgresql://h/db?user=u&password=ParamPw77 with Registered-Pw-42",
            new RuntimeException("wrapped", cause));
    String text = layout.format(event);
    for (String s : new String[] {"ParamPw77", "Registered-Pw-42", "TracePw99"}) {
      assertFalse(text.contains(s), s + " shown in:\n" + text);
    }
    assertTrue(text.contains("\tat "), "the trace is still there:\n" + text);
    assertFalse(layout.ignoresThrowable());
  }
}
