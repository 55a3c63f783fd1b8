package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

/**
 * The reads of a TAOBench read transaction as one SELECT: a {@code UNION ALL} with one branch per
 * read, each row tagged with the index of the read it answers.
 *
 * <p>One statement reads one snapshot on every database this is used for (InnoDB builds one read
 * view per statement, PostgreSQL takes one snapshot per statement at every isolation level), so the
 * statement alone is the read-only transaction TAOBench asks for, in autocommit, without a snapshot
 * statement, BEGIN or COMMIT. Against one statement per read it saves the server the parsing,
 * planning, result metadata and network flush of every read but one (measured on MariaDB 10.11: a
 * 20-read transaction cost the server half, the driver a quarter).
 *
 * <p>Each branch reads the same rows as {@link TaoReads#read} reads for that op: the same tables,
 * keys, visibility and time filters, order and limit. A branch's row shape is common to all kinds:
 * {@code (op index, id1 | id, link_type | type, id2, visibility, version | count, time, data)}. The
 * rows of a range are put back into their order (time, then id2, newest first) here, since a union
 * does not promise to keep a branch's order. All parameters are integers written into the text.
 */
public final class ReadUnion {

  private static final String LINK_COLUMNS = "id1, link_type, id2, visibility, version, time, data";

  private static final Comparator<Link> NEWEST_FIRST =
      Comparator.comparingLong(Link::time).thenComparingLong(Link::id2).reversed();

  private ReadUnion() {}

  /**
   * Runs {@code ops} as one statement; when {@code snapshotSql} is not null it goes first in the
   * same query (the caller's driver must accept several statements at once). Results in op order,
   * each also handed to {@code afterEachRead}.
   */
  public static List<TaoReadResult> read(
      Connection conn,
      SqlDialect dialect,
      String snapshotSql,
      List<TaoOp.ReadOp> ops,
      Consumer<TaoReadResult> afterEachRead)
      throws SQLException {
    String union = sql(ops, dialect.rangeIndexHint());
    String sql = snapshotSql == null ? union : snapshotSql + ";\n" + union;
    Rows rows = new Rows(ops);
    try (Statement st = conn.createStatement()) {
      boolean isResultSet = st.execute(sql);
      int resultSets = 0;
      while (true) {
        if (isResultSet) {
          resultSets++;
          try (ResultSet rs = st.getResultSet()) {
            rows.take(rs);
          }
        } else if (st.getUpdateCount() == -1) {
          break;
        }
        isResultSet = st.getMoreResults();
      }
      if (resultSets != 1) {
        throw new SQLException("read transaction returned " + resultSets + " result sets, not 1");
      }
    }
    List<TaoReadResult> results = rows.results();
    results.forEach(afterEachRead);
    return results;
  }

  /**
   * The statement reading {@code ops}; {@code rangeHint} goes after the table name of a range scan.
   */
  static String sql(List<TaoOp.ReadOp> ops, String rangeHint) {
    if (ops.isEmpty()) {
      throw new IllegalArgumentException("a read transaction needs at least one read");
    }
    StringBuilder sql = new StringBuilder(ops.size() * 140);
    for (int i = 0; i < ops.size(); i++) {
      if (i > 0) {
        sql.append("\nUNION ALL ");
      }
      branch(sql, i, ops.get(i), rangeHint);
    }
    return sql.toString();
  }

  private static void branch(StringBuilder sql, int i, TaoOp.ReadOp op, String rangeHint) {
    if (op instanceof TaoOp.ObjectRead o) {
      sql.append("SELECT ").append(i).append(", id, type, 0, 1, version, time, data");
      sql.append(" FROM nodetable WHERE id = ").append(o.id());
    } else if (op instanceof TaoOp.AssocRead a) {
      sql.append("SELECT ").append(i).append(", ").append(LINK_COLUMNS);
      sql.append(" FROM linktable WHERE id1 = ").append(a.id1());
      sql.append(" AND link_type = ").append(a.linkType());
      sql.append(" AND id2 = ").append(a.id2());
    } else if (op instanceof TaoOp.AssocRange r) {
      sql.append("(SELECT ").append(i).append(", ").append(LINK_COLUMNS);
      sql.append(" FROM linktable ").append(rangeHint).append(" WHERE id1 = ").append(r.id1());
      sql.append(" AND link_type = ").append(r.linkType()).append(" AND visibility = 1");
      // An open end is left out rather than written as the extreme value: the extreme literal
      // would not be a BIGINT on every database (PostgreSQL reads -9223372036854775808 as numeric).
      if (r.minTime() != Long.MIN_VALUE) {
        sql.append(" AND time >= ").append(r.minTime());
      }
      if (r.maxTime() != Long.MAX_VALUE) {
        sql.append(" AND time <= ").append(r.maxTime());
      }
      sql.append(" ORDER BY time DESC, id2 DESC LIMIT ").append(r.rangeLimit()).append(')');
    } else {
      TaoOp.AssocCount c = (TaoOp.AssocCount) op;
      sql.append("SELECT ").append(i).append(", id, link_type, 0, 1, count, time, NULL");
      sql.append(" FROM counttable WHERE id = ").append(c.id1());
      sql.append(" AND link_type = ").append(c.linkType());
    }
  }

  /** The rows of the union, collected per op. */
  private static final class Rows {
    private final List<TaoOp.ReadOp> ops;
    private final Object[] found;

    Rows(List<TaoOp.ReadOp> ops) {
      this.ops = ops;
      this.found = new Object[ops.size()];
    }

    void take(ResultSet rs) throws SQLException {
      while (rs.next()) {
        int i = rs.getInt(1);
        if (i < 0 || i >= ops.size()) {
          throw new SQLException("read transaction returned a row for read " + i);
        }
        TaoOp.ReadOp op = ops.get(i);
        if (op instanceof TaoOp.ObjectRead) {
          single(i, new Node(rs.getLong(2), rs.getInt(3), rs.getLong(6), rs.getLong(7), data(rs)));
        } else if (op instanceof TaoOp.AssocCount) {
          single(i, rs.getLong(6));
        } else {
          Link l =
              new Link(
                  rs.getLong(2),
                  rs.getLong(3),
                  rs.getLong(4),
                  rs.getInt(5),
                  data(rs),
                  rs.getInt(6),
                  rs.getLong(7));
          if (op instanceof TaoOp.AssocRead) {
            single(i, l);
          } else {
            @SuppressWarnings("unchecked")
            List<Link> range = (List<Link>) found[i];
            if (range == null) {
              range = new ArrayList<>();
              found[i] = range;
            }
            range.add(l);
          }
        }
      }
    }

    private void single(int i, Object row) throws SQLException {
      if (found[i] != null) {
        throw new SQLException("read transaction returned two rows for the point read " + i);
      }
      found[i] = row;
    }

    private static byte[] data(ResultSet rs) throws SQLException {
      byte[] b = rs.getBytes(8);
      return b == null ? new byte[0] : b;
    }

    @SuppressWarnings("unchecked")
    List<TaoReadResult> results() {
      List<TaoReadResult> out = new ArrayList<>(ops.size());
      for (int i = 0; i < ops.size(); i++) {
        TaoOp.ReadOp op = ops.get(i);
        Object f = found[i];
        if (op instanceof TaoOp.ObjectRead o) {
          out.add(new TaoReadResult.ObjectResult(o, (Node) f));
        } else if (op instanceof TaoOp.AssocRead a) {
          out.add(new TaoReadResult.AssocResult(a, (Link) f));
        } else if (op instanceof TaoOp.AssocRange r) {
          List<Link> links = f == null ? List.of() : (List<Link>) f;
          if (links.size() > 1) {
            links.sort(NEWEST_FIRST);
          }
          out.add(new TaoReadResult.RangeResult(r, links));
        } else {
          out.add(new TaoReadResult.CountResult((TaoOp.AssocCount) op, f == null ? 0 : (Long) f));
        }
      }
      return out;
    }
  }
}
