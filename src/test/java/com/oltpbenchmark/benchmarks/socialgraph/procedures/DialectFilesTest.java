package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.SocialGraphWorker;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.DialectOverrides.DialectFile;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.DialectOverrides.Entry;
import com.oltpbenchmark.types.DatabaseType;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The shipped {@code dialect-<db>.xml} files are the expansion of {@link DialectOverrides} over the
 * procedures that declare each statement. After changing the table or a procedure's statements,
 * regenerate them with {@code mvn test -Dtest=DialectFilesTest -Dsocialgraph.rewriteDialects=true}.
 */
class DialectFilesTest {

  static final String REWRITE_PROPERTY = "socialgraph.rewriteDialects";

  private static final Path RESOURCES = Path.of("src/main/resources/benchmarks/socialgraph");

  /** Every procedure of the module, in the order the dialect files list them. */
  static final List<Class<? extends Procedure>> PROCEDURES =
      Stream.concat(
              SocialGraphWorker.LINKBENCH_PROCEDURES.stream(),
              SocialGraphWorker.TAOBENCH_PROCEDURES.stream())
          .toList();

  @Test
  void shippedDialectFilesAreTheExpansionOfTheTable() throws IOException {
    boolean rewrite = Boolean.getBoolean(REWRITE_PROPERTY);
    List<String> drifted = new ArrayList<>();
    for (DialectFile file : DialectOverrides.FILES) {
      String expected = render(file, DialectOverrides.TABLE, PROCEDURES);
      Path path = RESOURCES.resolve(file.fileName());
      String shipped = Files.exists(path) ? Files.readString(path, StandardCharsets.UTF_8) : "";
      if (expected.equals(shipped)) {
        continue;
      }
      if (rewrite) {
        Files.writeString(path, expected, StandardCharsets.UTF_8);
      } else {
        drifted.add(path.toString());
      }
    }
    if (!drifted.isEmpty()) {
      fail(
          drifted
              + " differ from DialectOverrides: change the table, not the XML, and regenerate with"
              + " mvn test -Dtest=DialectFilesTest -D"
              + REWRITE_PROPERTY
              + "=true");
    }
  }

  @Test
  void everyEntryOverridesAStatementSomeProcedureDeclares() {
    Set<String> used = new HashSet<>();
    for (Class<? extends Procedure> c : PROCEDURES) {
      for (Entry e : DialectOverrides.TABLE) {
        if (overrides(e, c)) {
          used.add(e.statement());
        }
      }
    }
    for (Entry e : DialectOverrides.TABLE) {
      assertTrue(used.contains(e.statement()), e.statement() + ": no procedure declares it");
    }
  }

  @Test
  void aFieldNamedLikeAnEntryButWithOtherSqlIsDrift() {
    Entry other = new Entry("addToCount", "SELECT 1", Map.of(DatabaseType.SQLITE, "SELECT 2"));
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> overrides(other, AddLink.class));
    assertTrue(e.getMessage().contains("AddLink.addToCount"), e.getMessage());
  }

  @Test
  void theProcedureListHoldsEveryProcedureOfThePackage() throws Exception {
    Path dir = Path.of(GetNode.class.getResource("GetNode.class").toURI()).getParent();
    Set<String> found = new TreeSet<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        String name = f.getFileName().toString();
        if (!name.endsWith(".class") || name.contains("$")) {
          continue;
        }
        Class<?> c =
            Class.forName(
                GetNode.class.getPackageName() + "." + name.substring(0, name.length() - 6));
        if (Procedure.class.isAssignableFrom(c) && !Modifier.isAbstract(c.getModifiers())) {
          found.add(c.getSimpleName());
        }
      }
    }
    Set<String> listed = new TreeSet<>();
    PROCEDURES.forEach(c -> listed.add(c.getSimpleName()));
    assertEquals(found, listed);
  }

  /** The dialect file of {@code file.type()} that {@code table} gives for {@code procedures}. */
  static String render(
      DialectFile file, List<Entry> table, List<Class<? extends Procedure>> procedures) {
    StringBuilder xml = new StringBuilder("<?xml version=\"1.0\"?>\n<!-- ");
    xml.append(file.header().replace("\n", "\n     "))
        .append("\n     Generated from the table in src/test/java/")
        .append(DialectOverrides.class.getName().replace('.', '/'))
        .append(".java:\n     edit the table, not this file, then run")
        .append(" mvn test -Dtest=DialectFilesTest -D")
        .append(REWRITE_PROPERTY)
        .append("=true -->\n<dialects>\n    <dialect type=\"")
        .append(file.type().name())
        .append("\">\n");
    for (Class<? extends Procedure> c : procedures) {
      StringBuilder statements = new StringBuilder();
      for (Entry e : table) {
        String sql = e.sql().get(file.type());
        if (sql != null && overrides(e, c)) {
          statements
              .append("            <statement name=\"")
              .append(e.statement())
              .append("\">")
              .append(escape(sql))
              .append("</statement>\n");
        }
      }
      if (statements.length() > 0) {
        xml.append("        <procedure name=\"")
            .append(c.getSimpleName())
            .append("\">\n")
            .append(statements)
            .append("        </procedure>\n");
      }
    }
    return xml.append("    </dialect>\n</dialects>\n").toString();
  }

  /**
   * Whether procedure {@code c} declares the statement of {@code e}. A field of that name whose SQL
   * is not the entry's default is an error: the override would replace different SQL.
   */
  static boolean overrides(Entry e, Class<? extends Procedure> c) {
    Field field;
    try {
      field = c.getField(e.statement());
    } catch (NoSuchFieldException absent) {
      return false;
    }
    if (field.getType() != SQLStmt.class || Modifier.isStatic(field.getModifiers())) {
      return false;
    }
    String declared;
    try {
      declared = ((SQLStmt) field.get(c.getConstructor().newInstance())).getSQL();
    } catch (ReflectiveOperationException ex) {
      throw new IllegalStateException("cannot instantiate " + c.getName() + ": " + ex, ex);
    }
    if (!declared.equals(new SQLStmt(e.defaultSql()).getSQL())) {
      throw new IllegalStateException(
          c.getSimpleName()
              + "."
              + e.statement()
              + " declares \""
              + declared
              + "\", but the dialect table overrides \""
              + e.defaultSql()
              + "\" under that name");
    }
    return true;
  }

  private static String escape(String sql) {
    return sql.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
