package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;

/** Creates the server write routines on a test database, as the benchmark does before a run. */
public final class ServerWriteRoutinesFixture {

  private ServerWriteRoutinesFixture() {}

  public static ServerWriteRoutines installed(TestDatabase db) throws Exception {
    ServerWriteRoutines routines =
        ServerWriteRoutines.forDatabase(DatabaseType.get(db.type))
            .orElseThrow(() -> new IllegalArgumentException("no server routines for " + db.type));
    try (Connection conn = db.connect()) {
      conn.setAutoCommit(true);
      routines.install(conn);
    }
    return routines;
  }
}
