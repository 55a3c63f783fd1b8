package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.testutil.TestDatabase;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** TAOBench's write semantics on SQLite, step by step (TaoWrites). */
class TaoWriteSemanticsSqliteTest extends TaoWriteSemanticsContract {

  @TempDir Path dir;

  @Override
  TaoFixture fixture() throws Exception {
    return new TaoFixture(TestDatabase.sqlite(dir, "sg_tao_sem_sqlite"));
  }
}
