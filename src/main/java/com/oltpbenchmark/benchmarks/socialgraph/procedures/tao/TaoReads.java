package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.LinkRows;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.NodeRows;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.StatementBinder;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * TAOBench's four reads: object point read, association point read (hidden associations are
 * returned with visibility 0, as LinkBench's getLink does), association range scan (visible only,
 * newest first, at most rangeLimit rows: the id1_type index read backwards) and association count
 * (the counttable row, 0 if absent).
 */
public final class TaoReads {

  private TaoReads() {}

  /**
   * Pins the transaction the next statement opens to one read-only snapshot ({@link
   * DatabaseFamily#readSnapshotSql}); must run before the transaction's first query.
   */
  public static void beginReadSnapshot(Connection conn, DatabaseFamily family) throws SQLException {
    String sql = family.readSnapshotSql(conn);
    if (sql == null) {
      return;
    }
    try (Statement st = StatementBinder.plain(conn)) {
      st.execute(sql);
    }
  }

  /** Runs one read op on {@code conn} inside the caller's transaction. */
  public static TaoReadResult read(Connection conn, ReadStatements s, TaoOp.ReadOp op)
      throws SQLException {
    try (StatementBinder.Open ps = StatementBinder.open(conn, statement(s, op), parameters(op));
        ResultSet rs = ps.query()) {
      return decode(op, rs);
    }
  }

  /** The statement that reads {@code op}. */
  static SQLStmt statement(ReadStatements s, TaoOp.ReadOp op) {
    if (op instanceof TaoOp.ObjectRead) {
      return s.selectNode();
    }
    if (op instanceof TaoOp.AssocRead) {
      return s.selectLink();
    }
    if (op instanceof TaoOp.AssocRange) {
      return s.selectLinkRange();
    }
    return s.selectCount();
  }

  /** The statement's parameters for {@code op}, in marker order. */
  static Object[] parameters(TaoOp.ReadOp op) {
    if (op instanceof TaoOp.ObjectRead o) {
      return new Object[] {o.id()};
    }
    if (op instanceof TaoOp.AssocRead a) {
      return new Object[] {a.id1(), a.linkType(), a.id2()};
    }
    if (op instanceof TaoOp.AssocRange r) {
      return new Object[] {r.id1(), r.linkType(), r.minTime(), r.maxTime(), r.rangeLimit(), 0};
    }
    TaoOp.AssocCount c = (TaoOp.AssocCount) op;
    return new Object[] {c.id1(), c.linkType()};
  }

  /** The result of {@code op} from the rows its statement returned. */
  static TaoReadResult decode(TaoOp.ReadOp op, ResultSet rs) throws SQLException {
    if (op instanceof TaoOp.ObjectRead o) {
      return new TaoReadResult.ObjectResult(o, rs.next() ? NodeRows.read(rs) : null);
    }
    if (op instanceof TaoOp.AssocRead a) {
      return new TaoReadResult.AssocResult(a, rs.next() ? LinkRows.read(rs) : null);
    }
    if (op instanceof TaoOp.AssocRange r) {
      List<Link> out = new ArrayList<>(Math.min(r.rangeLimit(), 64));
      while (rs.next()) {
        out.add(LinkRows.read(rs));
      }
      return new TaoReadResult.RangeResult(r, out);
    }
    TaoOp.AssocCount c = (TaoOp.AssocCount) op;
    return new TaoReadResult.CountResult(c, rs.next() ? rs.getLong(1) : 0);
  }
}
