package com.oltpbenchmark.benchmarks.socialgraph.audit;

import com.oltpbenchmark.testutil.TestDatabase;
import java.sql.SQLException;
import java.sql.Statement;

class AuditFaultsMariadbTest extends AuditFaultsContract {

  @Override
  TestDatabase database(String name) {
    return TestDatabase.mariadb(name);
  }

  @Override
  void loseUpdatesOfSomeLinks(Statement st) throws SQLException {
    st.execute(
        "CREATE TRIGGER lose_writes BEFORE UPDATE ON linktable FOR EACH ROW"
            + " SET NEW.data = IF(NEW.id2 % 5 = 0, OLD.data, NEW.data)");
  }
}
