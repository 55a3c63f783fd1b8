package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * 16 clients run the LinkBench mix for up to 60 s (system property {@code sg.hotrace.seconds}), or
 * until 10,000 link writes have committed, on a hot range of 6 ids x 2 types x 20 id2s, far more
 * contended than a real graph, at the isolation level of the sample configs; afterwards every count
 * row must equal its visible links. The 15 s run of the sample configs through the runtime is
 * {@link CountInvariantThroughRuntimeTest}.
 */
class CountInvariantUnderConcurrencyTest {

  private static final int TERMINALS = 16;
  private static final long SECONDS = Long.getLong("sg.hotrace.seconds", 60);

  @Test
  void postgresReadCommitted() throws Exception {
    race(new ProcedureFixture(TestDatabase.postgres("sg_race"), "TRANSACTION_READ_COMMITTED"));
  }

  @Test
  void mariadbRepeatableRead() throws Exception {
    race(new ProcedureFixture(TestDatabase.mariadb("sg_race"), "TRANSACTION_REPEATABLE_READ"));
  }

  @Test
  void postgresReadCommittedServerRoutines() throws Exception {
    TestDatabase db = TestDatabase.postgres("sg_race_rt");
    race(new ProcedureFixture(db, "TRANSACTION_READ_COMMITTED").withServerRoutines(db));
  }

  @Test
  void mariadbRepeatableReadServerRoutines() throws Exception {
    TestDatabase db = TestDatabase.mariadb("sg_race_rt");
    race(new ProcedureFixture(db, "TRANSACTION_REPEATABLE_READ").withServerRoutines(db));
  }

  /**
   * SQLite serialises writers on its database lock; every link write starts with a write (see
   * dialect-sqlite.xml), so writers wait for the lock instead of failing with SQLITE_BUSY, and WAL
   * (ddl-sqlite.sql) keeps readers from waiting at all. Two terminals, as the sample config.
   */
  @Test
  void sqliteSerializable(@TempDir Path dir) throws Exception {
    race(new ProcedureFixture(TestDatabase.sqlite(dir, "sg_race"), "TRANSACTION_SERIALIZABLE"), 2);
  }

  private static void race(ProcedureFixture fixture) throws Exception {
    race(fixture, TERMINALS);
  }

  private static void race(ProcedureFixture fixture, int terminals) throws Exception {
    CountInvariantRace race = new CountInvariantRace(fixture);
    race.run(terminals, SECONDS, 20131);
    System.out.printf(
        "%s: %d transactions committed (%d link writes), %d retries%n",
        fixture.conf.getDatabaseType(),
        race.committed.get(),
        race.linkWrites.get(),
        race.retries.get());
    race.assertInvariantAfterRun();
  }
}
