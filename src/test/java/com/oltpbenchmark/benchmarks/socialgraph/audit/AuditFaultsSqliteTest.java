package com.oltpbenchmark.benchmarks.socialgraph.audit;

import com.oltpbenchmark.testutil.TestDatabase;
import java.sql.SQLException;
import java.sql.Statement;

class AuditFaultsSqliteTest extends AuditFaultsContract {

  @Override
  TestDatabase database(String name) {
    return TestDatabase.sqlite(dir, name);
  }

  @Override
  void loseUpdatesOfSomeLinks(Statement st) throws SQLException {
    st.execute(
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
