package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.ReadStatements;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoReadResult;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoReads;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * TAOBench read(key): one object point read, association point read, association range scan
 * (visible only, newest first, limited) or association count (from counttable). The runtime
 * commits.
 */
public final class Read extends Procedure {

  public final SQLStmt selectNode = new SQLStmt(NodeSql.SELECT_NODE);
  public final SQLStmt selectLink = new SQLStmt(LinkSql.SELECT_LINK);
  public final SQLStmt selectLinkRange = new SQLStmt(LinkSql.SELECT_LINK_RANGE);
  public final SQLStmt selectCount = new SQLStmt(LinkSql.SELECT_COUNT);

  private final ReadStatements statements = StatementBundle.of(this, ReadStatements.class);

  public TaoReadResult run(Connection conn, TaoOp op) throws SQLException {
    if (!(op instanceof TaoOp.ReadOp read)) {
      throw new IllegalArgumentException("Read got the write " + op);
    }
    return TaoReads.read(conn, statements, read);
  }

  public TaoReadResult.ObjectResult run(Connection conn, TaoOp.ObjectRead op) throws SQLException {
    return (TaoReadResult.ObjectResult) TaoReads.read(conn, statements, op);
  }

  public TaoReadResult.AssocResult run(Connection conn, TaoOp.AssocRead op) throws SQLException {
    return (TaoReadResult.AssocResult) TaoReads.read(conn, statements, op);
  }

  public TaoReadResult.RangeResult run(Connection conn, TaoOp.AssocRange op) throws SQLException {
    return (TaoReadResult.RangeResult) TaoReads.read(conn, statements, op);
  }

  public TaoReadResult.CountResult run(Connection conn, TaoOp.AssocCount op) throws SQLException {
    return (TaoReadResult.CountResult) TaoReads.read(conn, statements, op);
  }
}
