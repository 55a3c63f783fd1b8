package com.oltpbenchmark.benchmarks.socialgraph.procedures;

/**
 * The store contract on in-memory HSQLDB in MySQL mode, the database of upstream BenchBase's
 * unit-test harness: the module's generic DDL and the procedures' default SQL must run there.
 */
class StoreContractHsqldbTest extends StoreContractTestBase {

  @Override
  ProcedureFixture createFixture() throws Exception {
    return new ProcedureFixture(
        "HSQLDB",
        "org.hsqldb.jdbc.JDBCDriver",
        "jdbc:hsqldb:mem:sg_store;sql.syntax_mys=true",
        "SA",
        "",
        "TRANSACTION_READ_COMMITTED");
  }
}
