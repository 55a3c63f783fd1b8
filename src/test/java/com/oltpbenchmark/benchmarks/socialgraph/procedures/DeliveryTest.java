package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.types.DatabaseType;
import org.junit.jupiter.api.Test;

/**
 * A write group goes as one self-committing query only where both the routines and the driver allow
 * it, and the one rule by which procedures take their SQL from a delivery: routine or steps for one
 * write, one query or steps for a write group, one statement or each read for a read group.
 */
class DeliveryTest {

  private static final ServerWriteRoutines PG_ROUTINES =
      ServerWriteRoutines.forDatabase(DatabaseType.POSTGRES).orElseThrow();
  private static final ServerWriteRoutines MARIADB_ROUTINES =
      ServerWriteRoutines.forDatabase(DatabaseType.MARIADB).orElseThrow();

  @Test
  void aWriteGroupIsOneQueryWhenTheDriverSendsSeveralStatementsAndRoutinesExist() {
    assertTrue(delivery(DatabaseFamily.POSTGRES, true, PG_ROUTINES).sendsWriteGroupsInOneQuery());
    assertTrue(delivery(DatabaseFamily.MYSQL, true, MARIADB_ROUTINES).sendsWriteGroupsInOneQuery());
  }

  @Test
  void aDriverThatSendsOneStatementPerQueryGoesStepByStepOnEveryFamily() {
    // a PostgreSQL family behind a driver other than pgjdbc included: the driver decides
    assertFalse(delivery(DatabaseFamily.POSTGRES, false, PG_ROUTINES).sendsWriteGroupsInOneQuery());
    assertFalse(
        delivery(DatabaseFamily.MYSQL, false, MARIADB_ROUTINES).sendsWriteGroupsInOneQuery());
  }

  @Test
  void withoutRoutinesAWriteGroupGoesStepByStep() {
    assertFalse(delivery(DatabaseFamily.POSTGRES, true, null).sendsWriteGroupsInOneQuery());
  }

  private static Delivery delivery(
      DatabaseFamily family, boolean several, ServerWriteRoutines routines) {
    return new Delivery(Delivery.Mode.SELF_COMMITTING, family, several, routines);
  }

  @Test
  void oneWriteCallsItsRoutineWhereTheRunHasRoutinesAndTriesItsStatementWhenItCommitsItself() {
    for (Delivery.Mode mode : Delivery.Mode.values()) {
      for (ServerWriteRoutines routines : new ServerWriteRoutines[] {PG_ROUTINES, null}) {
        Delivery d = new Delivery(mode, DatabaseFamily.POSTGRES, true, routines);
        WriteSql expected =
            routines == null
                ? WriteSql.STEPS
                : mode == Delivery.Mode.SELF_COMMITTING
                    ? WriteSql.STATEMENT_OR_ROUTINE
                    : WriteSql.ROUTINE;
        assertEquals(expected, d.oneWrite(), d.toString());
      }
    }
  }

  @Test
  void aWriteGroupIsOneQueryExactlyWhenItCommitsItself() {
    for (Delivery.Mode mode : Delivery.Mode.values()) {
      Delivery d = new Delivery(mode, DatabaseFamily.MYSQL, true, MARIADB_ROUTINES);
      assertEquals(
          mode == Delivery.Mode.SELF_COMMITTING ? WriteSql.GROUP_QUERY : WriteSql.STEPS,
          d.writeGroup(),
          d.toString());
    }
    // in a transaction the routines do not make a group one query: it goes step by step
    assertEquals(
        WriteSql.STEPS,
        new Delivery(Delivery.Mode.IN_TRANSACTION, DatabaseFamily.POSTGRES, true, PG_ROUTINES)
            .writeGroup());
  }

  @Test
  void aReadGroupIsOneStatementWhereTheFamilyReadsItSoWithItsSnapshotInATransaction() {
    for (DatabaseFamily family : DatabaseFamily.values()) {
      for (Delivery.Mode mode : Delivery.Mode.values()) {
        for (boolean several : new boolean[] {true, false}) {
          Delivery d = new Delivery(mode, family, several, null);
          ReadGroupSql expected;
          if (!family.readsInOneStatement()) {
            expected = ReadGroupSql.SNAPSHOT_THEN_EACH_READ;
          } else if (mode != Delivery.Mode.IN_TRANSACTION) {
            expected = ReadGroupSql.ONE_STATEMENT;
          } else {
            expected =
                several
                    ? ReadGroupSql.SNAPSHOT_AND_STATEMENT_IN_ONE_QUERY
                    : ReadGroupSql.SNAPSHOT_THEN_STATEMENT;
          }
          assertEquals(expected, d.readGroup(), d + ", several statements per query " + several);
        }
      }
    }
  }
}
