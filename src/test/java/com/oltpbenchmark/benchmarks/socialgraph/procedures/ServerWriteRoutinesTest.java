package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.taobench.Precondition;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOpKind;
import com.oltpbenchmark.types.DatabaseType;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The routine files and the argument encoding, without a database. */
class ServerWriteRoutinesTest {

  private static final List<String> ROUTINES =
      List.of(
          "sg_write_link",
          "sg_remove_link",
          "sg_put_locked_link",
          "sg_lock_count",
          "sg_tao_check",
          "sg_tao_write");

  @Test
  void bothFamiliesDefineTheSameVersionedRoutines() {
    for (DatabaseType type : List.of(DatabaseType.POSTGRES, DatabaseType.MARIADB)) {
      List<String> names =
          ServerWriteRoutines.forDatabase(type).orElseThrow().createStatements().stream()
              .map(ServerWriteRoutines::routineName)
              .sorted()
              .toList();
      List<String> expected =
          ROUTINES.stream().map(n -> n + "_v" + ServerWriteRoutines.VERSION).sorted().toList();
      assertEquals(expected, names, type.name());
    }
  }

  @Test
  void onlyPostgresMariadbAndMysqlHaveRoutines() {
    assertTrue(ServerWriteRoutines.forDatabase(DatabaseType.MYSQL).isPresent());
    assertTrue(ServerWriteRoutines.forDatabase(DatabaseType.SQLITE).isEmpty());
    assertTrue(ServerWriteRoutines.forDatabase(DatabaseType.COCKROACHDB).isEmpty());
    assertTrue(ServerWriteRoutines.forDatabase(DatabaseType.HSQLDB).isEmpty());
  }

  @Test
  void preconditionsAreOneBitEach() {
    TaoOp.WriteOp all =
        new TaoOp.AssocWrite(
            TaoOpKind.ASSOC_ADD, 1, 2, 3, Set.of(Precondition.values()), -1, 1, new byte[0], 0);
    assertEquals(31, ServerWriteRoutines.preconditionBits(all));
    assertEquals(
        6, ServerWriteRoutines.kindCode(TaoOpKind.ASSOC_DELETE), "the routines' p_kind numbering");
    assertEquals(1, ServerWriteRoutines.kindCode(TaoOpKind.OBJECT_ADD));
  }
}
