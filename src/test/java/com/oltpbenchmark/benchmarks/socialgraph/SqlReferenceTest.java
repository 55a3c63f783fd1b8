package com.oltpbenchmark.benchmarks.socialgraph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * docs/sql.md is what {@link SqlReference} writes from the code, so it cannot go stale: a change to
 * a statement, a dialect file, a routine call, the delivery rules or the TAOBench write cases fails
 * here until the file is regenerated.
 */
class SqlReferenceTest {

  static final String REWRITE_PROPERTY = "socialgraph.rewriteSqlReference";

  private static final Path DOC = Path.of("docs", "sql.md");

  @Test
  void docsSqlMdIsWhatTheCodeSends() throws Exception {
    String expected = new SqlReference().render();
    String shipped = Files.exists(DOC) ? Files.readString(DOC, StandardCharsets.UTF_8) : "";
    if (expected.equals(shipped)) {
      return;
    }
    if (Boolean.getBoolean(REWRITE_PROPERTY)) {
      Files.writeString(DOC, expected, StandardCharsets.UTF_8);
      return;
    }
    fail(
        DOC
            + " differs from what the code sends (a statement, dialect file, routine call,"
            + " delivery rule or TAOBench write case changed): regenerate it with "
            + SqlReference.COMMAND
            + " and review the diff");
  }

  @Test
  void everyTransactionTypeIsListed() {
    Set<String> listed = new TreeSet<>();
    SqlRequests.ALL.forEach(e -> listed.add(e.type()));
    Set<String> types = new TreeSet<>();
    for (Class<? extends Procedure> p : RequestHandlers.all().keySet()) {
      types.add(p.getSimpleName());
    }
    assertEquals(types, listed);
  }

  @Test
  void everyFamilyIsListed() {
    Set<DatabaseFamily> listed = EnumSet.noneOf(DatabaseFamily.class);
    SqlSettings.LISTED.forEach(s -> listed.add(DatabaseFamily.of(s.type())));
    assertEquals(EnumSet.allOf(DatabaseFamily.class), listed);
  }
}
