package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.SqlDialect;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoWrites;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * TAOBench write(key, [preconditions]): one object or association add, update or delete, its
 * preconditions checked atomically with it (see {@link TaoWrites} for the locking). A failed
 * precondition throws {@link Procedure.UserAbortException} naming it; lock conflicts, deadlocks
 * and serialization failures escape as SQLException for the runtime to retry.
 */
public class Write extends Procedure {

  private SqlDialect dialect;

  public void run(Connection conn, TaoOp op) throws SQLException {
    if (dialect == null) {
      dialect = SqlDialect.resolve(getDbType(), conn);
    }
    TaoWrites.apply(conn, dialect, List.of(op));
  }
}
