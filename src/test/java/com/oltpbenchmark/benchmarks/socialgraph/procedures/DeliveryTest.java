package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.types.DatabaseType;
import org.junit.jupiter.api.Test;

/**
 * A write group goes as one self-committing query only where both the routines and the driver allow
 * it.
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
}
