package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.database.RoutineSql;
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
              .map(RoutineInstaller::routineName)
              .sorted()
              .toList();
      List<String> expected = ROUTINES.stream().map(n -> n + V).sorted().toList();
      assertEquals(expected, names, type.name());
    }
  }

  /** An association add and two object updates, one of them a read-then-CAS. */
  private static List<TaoOp.WriteOp> group() {
    return List.of(
        new TaoOp.AssocWrite(
            TaoOpKind.ASSOC_ADD,
            9,
            100,
            4,
            Set.of(Precondition.BIDIRECTIONAL),
            -1,
            1,
            new byte[] {1, (byte) 0xab},
            5L),
        TaoOp.objectWrite(
            TaoOpKind.OBJECT_UPDATE, 30, Set.of(Precondition.VERSION_MATCH), -1, new byte[0], 0),
        TaoOp.objectWrite(TaoOpKind.OBJECT_UPDATE, 20, Set.of(), 7, new byte[] {0x10}, 0));
  }

  /** The suffix of the routines' names in this version. */
  private static final String V = "_v" + ServerWriteRoutines.VERSION;

  /** The statements of the one query that runs {@link #group()} as transaction 77. */
  private static List<String> statementsOfTheGroup(RoutineSql dialect) {
    return List.of(WriteGroupQuery.sql(dialect, group(), 77).split(";\n"));
  }

  @Test
  void aWriteGroupIsOneQueryThatLocksInOrderAndCommits() {
    assertEquals(
        List.of(
            "START TRANSACTION",
            // the read-then-CAS version, before any lock
            "SET @sg_observed_1 = (SELECT version FROM nodetable WHERE id = 30)",
            // count rows ascending (the inverse side's first), then the objects ascending
            "CALL sg_lock_count" + V + "(4, 100, 77, @sg_count)",
            "CALL sg_lock_count" + V + "(9, 100, 77, @sg_count)",
            "SELECT version FROM nodetable WHERE id = 20 FOR UPDATE",
            "SELECT version FROM nodetable WHERE id = 30 FOR UPDATE",
            "CALL sg_tao_write" + V + "(0, 4, 9, 100, 4, 2, -1, 1, X'01ab', 5, 77)",
            "CALL sg_tao_write"
                + V
                + "(1, 2, 30, 0, 0, 4, IFNULL(@sg_observed_1, -1), 0, X'', 0, 77)",
            "CALL sg_tao_write" + V + "(2, 2, 20, 0, 0, 0, 7, 0, X'10', 0, 77)",
            "COMMIT"),
        statementsOfTheGroup(RoutineSql.MYSQL));
  }

  @Test
  void onPostgresAWriteGroupIsTheSameQueryWithTransactionLocalSettings() {
    assertEquals(
        List.of(
            "BEGIN",
            "SELECT set_config('sg.observed_1', COALESCE((SELECT version FROM nodetable"
                + " WHERE id = 30)::text, ''), true)",
            "SELECT sg_lock_count" + V + "(4, 100, 77)",
            "SELECT sg_lock_count" + V + "(9, 100, 77)",
            "SELECT version FROM nodetable WHERE id = 20 FOR UPDATE",
            "SELECT version FROM nodetable WHERE id = 30 FOR UPDATE",
            "SELECT sg_tao_write" + V + "(0, 4, 9, 100, 4, 2, -1, 1, decode('01ab', 'hex'), 5, 77)",
            "SELECT sg_tao_write"
                + V
                + "(1, 2, 30, 0, 0, 4, COALESCE(NULLIF(current_setting('sg.observed_1'), '')"
                + "::bigint, -1), 0, decode('', 'hex'), 0, 77)",
            "SELECT sg_tao_write" + V + "(2, 2, 20, 0, 0, 0, 7, 0, decode('10', 'hex'), 0, 77)",
            "COMMIT"),
        statementsOfTheGroup(RoutineSql.POSTGRES));
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
    assertEquals(31, RoutineArgs.preconditionBits(all));
    assertEquals(6, RoutineArgs.kindCode(TaoOpKind.ASSOC_DELETE), "the routines' p_kind numbering");
    assertEquals(1, RoutineArgs.kindCode(TaoOpKind.OBJECT_ADD));
  }
}
