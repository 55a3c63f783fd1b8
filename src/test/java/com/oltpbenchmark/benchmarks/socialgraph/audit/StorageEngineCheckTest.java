package com.oltpbenchmark.benchmarks.socialgraph.audit;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.ModuleFixture;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The engine a type's DDL asks for comes from its family: InnoDB tables under {@code
 * <type>MYROCKS</type>} are refused, with the way to a server that has RocksDB, and the other types
 * of the family are not asked about engines (MyRocksTest does the same end to end, on the MyRocks
 * server).
 */
class StorageEngineCheckTest {

  @Test
  void innodbTablesAreNotWhatMyRocksAsksFor() throws Exception {
    TestDatabase db = TestDatabase.mariadb("sg_engine_check");
    ModuleFixture.benchmark(ModuleFixture.configuration(db), List.of("GetNode")).createDatabase();
    try (Connection conn = db.connect()) {
      String problem = StorageEngineCheck.problem(conn, DatabaseType.MYROCKS);
      assertTrue(problem != null && problem.contains("linktable=InnoDB"), problem);
      assertTrue(problem.contains("the ROCKSDB engine that <type>MYROCKS</type>"), problem);
      assertTrue(problem.contains("(scripts/myrocks-server.sh start)"), problem);
      assertNull(StorageEngineCheck.problem(conn, DatabaseType.MARIADB));
      assertNull(StorageEngineCheck.problem(conn, DatabaseType.MYSQL));
    }
  }
}
