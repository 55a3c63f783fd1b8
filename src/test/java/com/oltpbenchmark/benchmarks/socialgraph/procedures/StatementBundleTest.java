package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.WriteStatements;
import org.junit.jupiter.api.Test;

class StatementBundleTest {

  public static class TwoStatements extends Procedure {
    public final SQLStmt first = new SQLStmt("SELECT 1");
    public final SQLStmt second = new SQLStmt("SELECT 2");
    public final String third = "not a statement";
  }

  record Pair(SQLStmt first, SQLStmt second) {}

  record Nested(Pair pair, SQLStmt missing) {}

  record WrongType(SQLStmt third) {}

  record NotStatements(String first) {}

  @Test
  void fillsComponentsWithTheProcedureFieldsOfTheSameName() {
    TwoStatements p = new TwoStatements();
    Nested n = StatementBundle.of(p, Nested.class);
    assertSame(p.first, n.pair().first());
    assertSame(p.second, n.pair().second());
    assertNull(n.missing(), "no field of that name: null");
  }

  @Test
  void rejectsAFieldOfAnotherTypeAndNonStatementComponents() {
    TwoStatements p = new TwoStatements();
    IllegalArgumentException wrong =
        assertThrows(IllegalArgumentException.class, () -> StatementBundle.of(p, WrongType.class));
    assertTrue(wrong.getMessage().contains("third is a java.lang.String"), wrong.getMessage());
    IllegalArgumentException notStmt =
        assertThrows(
            IllegalArgumentException.class, () -> StatementBundle.of(p, NotStatements.class));
    assertTrue(notStmt.getMessage().contains("first is a java.lang.String"), notStmt.getMessage());
  }

  /** The shipped procedures hand the shared code exactly the statements they declare. */
  @Test
  void writeProceduresBundleEveryStatementTheyDeclare() {
    for (Procedure p : new Procedure[] {new Write(), new WriteTxn()}) {
      WriteStatements s = StatementBundle.of(p, WriteStatements.class);
      LinkWriter.Statements links = s.links();
      assertSame(field(p, "selectLinkForUpdate"), links.selectLinkForUpdate());
      assertSame(field(p, "addToCount"), links.addToCount());
      assertSame(field(p, "deleteNodeById"), s.deleteNodeById());
      assertNull(links.hideLink(), "TAOBench hides through updateLink");
    }
    DeleteLink d = new DeleteLink();
    LinkWriter.Statements delete = StatementBundle.of(d, LinkWriter.Statements.class);
    assertNull(delete.insertLinkIfAbsent());
    assertSame(d.hideLink, delete.hideLink());
    assertSame(d.deleteLink, delete.deleteLink());
  }

  private static Object field(Procedure p, String name) {
    try {
      return p.getClass().getField(name).get(p);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
