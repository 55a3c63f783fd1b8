package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every exit code the command line can end with is in runtime.md's exit-code list and in the
 * README's troubleshooting table, so a new code cannot ship undocumented (5 once did).
 */
class ExitCodesDocumentedTest {

  @Test
  void runtimeMdListsEveryExitCode() throws IOException {
    String doc = Files.readString(Path.of("docs", "runtime.md"));
    int from = doc.indexOf("- Exit codes: ");
    assertTrue(from >= 0, "runtime.md has its exit-code list");
    String list = doc.substring(from, doc.indexOf("\n- ", from + 1)).replaceAll("\\s+", " ");
    List<Integer> listed = new ArrayList<>();
    Matcher m = Pattern.compile("(?:: |; )(\\d+) ").matcher(list);
    while (m.find()) {
      listed.add(Integer.parseInt(m.group(1)));
    }
    assertEquals(codes(), listed, "runtime.md's exit codes, in order: " + list);
  }

  @Test
  void readmeTableHasARowForEveryExitCode() throws IOException {
    String readme = Files.readString(Path.of("README.md"));
    List<Integer> rows = new ArrayList<>();
    Matcher m = Pattern.compile("(?m)^\\| (\\d+) \\|").matcher(readme);
    while (m.find()) {
      rows.add(Integer.parseInt(m.group(1)));
    }
    assertEquals(codes(), rows, "README.md's troubleshooting table");
  }

  /** The codes of {@link ExitCodes}, ascending. */
  private static List<Integer> codes() throws IOException {
    List<Integer> codes = new ArrayList<>();
    for (Field f : ExitCodes.class.getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == int.class) {
        try {
          codes.add(f.getInt(null));
        } catch (IllegalAccessException e) {
          throw new IOException(e);
        }
      }
    }
    codes.sort(null);
    return codes;
  }
}
