package com.oltpbenchmark.benchmarks.socialgraph.audit;

import com.oltpbenchmark.testutil.TestDatabase;
import java.sql.SQLException;
import java.sql.Statement;

class AuditFaultsPostgresTest extends AuditFaultsContract {

  @Override
  TestDatabase database(String name) {
    return TestDatabase.postgres(name);
  }

  @Override
  void loseUpdatesOfSomeLinks(Statement st) throws SQLException {
    st.execute(
        "CREATE FUNCTION lose_writes() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
            + " IF NEW.id2 % 5 = 0 THEN NEW.data := OLD.data; END IF; RETURN NEW; END $$");
    st.execute(
        "CREATE TRIGGER lose_writes BEFORE UPDATE ON linktable"
            + " FOR EACH ROW EXECUTE FUNCTION lose_writes()");
  }
}
