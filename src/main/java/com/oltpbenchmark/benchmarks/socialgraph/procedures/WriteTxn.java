package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.SqlDialect;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoWrites;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * TAOBench write_txn(keys, [preconditions]): a group of writes, possibly on keys of different
 * shards, applied in one transaction. Any failed precondition aborts the whole group (the runtime
 * rolls back, so no op of the group stays written).
 */
public class WriteTxn extends Procedure {

  private SqlDialect dialect;

  public void run(Connection conn, List<TaoOp> ops) throws SQLException {
    if (ops.isEmpty()) {
      throw new IllegalArgumentException("WriteTxn needs at least one op");
    }
    if (dialect == null) {
      dialect = SqlDialect.resolve(getDbType(), conn);
    }
    TaoWrites.apply(conn, dialect, ops);
  }
}
