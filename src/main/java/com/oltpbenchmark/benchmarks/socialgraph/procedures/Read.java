package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoReadResult;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoReads;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * TAOBench read(key): one object point read, association point read, association range scan
 * (newest first, limited) or association count (from counttable). The runtime commits.
 */
public class Read extends Procedure {

  public TaoReadResult run(Connection conn, TaoOp op) throws SQLException {
    if (!op.kind().isRead()) {
      throw new IllegalArgumentException("Read got the write " + op);
    }
    return TaoReads.read(conn, op);
  }
}
