package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

class StoreContractSqliteTest extends StoreContractTestBase {

  @TempDir static Path dir;

  @Override
  ProcedureFixture createFixture() throws Exception {
    return new ProcedureFixture(TestDatabase.sqlite(dir, "sg_store"), "TRANSACTION_SERIALIZABLE");
  }
}
