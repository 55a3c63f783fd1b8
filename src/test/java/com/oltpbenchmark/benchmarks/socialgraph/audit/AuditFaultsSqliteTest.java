package com.oltpbenchmark.benchmarks.socialgraph.audit;

class AuditFaultsSqliteTest extends AuditFaultsContract {

  AuditFaultsSqliteTest() {
    super(
        "sqlite",
        "CREATE TRIGGER lose_writes AFTER UPDATE OF data ON linktable"
            + " WHEN NEW.id2 % 5 = 0 AND NEW.data <> OLD.data BEGIN"
            + " UPDATE linktable SET data = OLD.data"
            + " WHERE id1 = NEW.id1 AND link_type = NEW.link_type AND id2 = NEW.id2; END");
  }

  /** One writer at a time: 8 terminals already queue on the database lock. */
  @Override
  int hotKeyTerminals() {
    return 8;
  }
}
