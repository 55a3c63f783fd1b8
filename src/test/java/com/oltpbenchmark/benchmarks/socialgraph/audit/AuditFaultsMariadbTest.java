package com.oltpbenchmark.benchmarks.socialgraph.audit;

class AuditFaultsMariadbTest extends AuditFaultsContract {

  AuditFaultsMariadbTest() {
    super(
        "mariadb",
        "CREATE TRIGGER lose_writes BEFORE UPDATE ON linktable FOR EACH ROW"
            + " SET NEW.data = IF(NEW.id2 % 5 = 0, OLD.data, NEW.data)");
  }
}
