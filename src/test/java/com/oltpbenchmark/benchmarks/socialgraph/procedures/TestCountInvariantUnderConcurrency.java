package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.testutil.TestDatabase;
import org.junit.jupiter.api.Test;

/**
 * 16 clients run the LinkBench mix for 60 s (system property {@code sg.race.seconds}) on a hot
 * range of 6 ids x 2 types x 20 id2s, at the isolation level of the sample configs; afterwards
 * every count row must equal its visible links.
 */
class TestCountInvariantUnderConcurrency {

  private static final int TERMINALS = 16;
  private static final long SECONDS = Long.getLong("sg.race.seconds", 60);

  @Test
  void postgresReadCommitted() throws Exception {
    race(new ProcedureFixture(TestDatabase.postgres("sg_m2_race"), "TRANSACTION_READ_COMMITTED"));
  }

  @Test
  void mariadbRepeatableRead() throws Exception {
    race(new ProcedureFixture(TestDatabase.mariadb("sg_m2_race"), "TRANSACTION_REPEATABLE_READ"));
  }

  private static void race(ProcedureFixture fixture) throws Exception {
    CountInvariantRace race = new CountInvariantRace(fixture);
    race.run(TERMINALS, SECONDS, 20131);
    System.out.printf("%s: %d transactions committed (%d link writes), %d retries%n",
        fixture.conf.getDatabaseType(), race.committed.get(), race.linkWrites.get(),
        race.retries.get());
    race.assertInvariantAfterRun();
  }
}
