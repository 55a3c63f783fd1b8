package com.oltpbenchmark.benchmarks.socialgraph.audit;

class AuditFaultsPostgresTest extends AuditFaultsContract {

  AuditFaultsPostgresTest() {
    super(
        "postgres",
        "CREATE FUNCTION lose_writes() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            + " IF NEW.id2 % 5 = 0 THEN NEW.data := OLD.data; END IF; RETURN NEW; END $$",
        "CREATE TRIGGER lose_writes BEFORE UPDATE ON linktable"
            + " FOR EACH ROW EXECUTE FUNCTION lose_writes()");
  }
}
