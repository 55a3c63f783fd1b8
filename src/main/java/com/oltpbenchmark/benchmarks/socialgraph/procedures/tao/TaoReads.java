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
    try (StatementBinder.Open ps = StatementBinder.open(conn, statement(s, op))) {
      bind(ps, op);
      try (ResultSet rs = ps.query()) {
        return decode(op, rs);
      }
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

  /** Binds the statement's parameters for {@code op}, in marker order. */
  static void bind(StatementBinder.Open ps, TaoOp.ReadOp op) throws SQLException {
    if (op instanceof TaoOp.ObjectRead o) {
      ps.setLong(1, o.id());
    } else if (op instanceof TaoOp.AssocRead a) {
      ps.setLong(1, a.id1()).setLong(2, a.linkType()).setLong(3, a.id2());
    } else if (op instanceof TaoOp.AssocRange r) {
      ps.setLong(1, r.id1()).setLong(2, r.linkType()).setLong(3, r.minTime());
      ps.setLong(4, r.maxTime()).setInt(5, r.rangeLimit()).setInt(6, 0);
    } else {
      TaoOp.AssocCount c = (TaoOp.AssocCount) op;
      ps.setLong(1, c.id1()).setLong(2, c.linkType());
    }
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
      // most ranges return a few rows: the list grows from nothing rather than from the limit
      List<Link> out = new ArrayList<>();
      while (rs.next()) {
        out.add(LinkRows.read(rs));
      }
      return new TaoReadResult.RangeResult(r, out);
    }
    TaoOp.AssocCount c = (TaoOp.AssocCount) op;
    return new TaoReadResult.CountResult(c, rs.next() ? rs.getLong(1) : 0);
  }
}
