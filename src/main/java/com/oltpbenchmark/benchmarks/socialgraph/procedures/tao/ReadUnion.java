package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.NodeRows;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.StatementBinder;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The reads of a TAOBench read transaction as one SELECT: a {@code UNION ALL} with one branch per
 * kind of point read and one per range.
 *
 * <p>One statement reads one snapshot on every database this is used for (InnoDB builds one read
 * view per statement, PostgreSQL takes one snapshot per statement at every isolation level), so the
 * statement alone is the read-only transaction TAOBench asks for, in autocommit, without a snapshot
 * statement, BEGIN or COMMIT. Against one statement per read it saves the server the parsing,
 * planning, result metadata and network flush of every read but one (measured on MariaDB 10.11: a
 * 20-read transaction cost the server half, the driver a quarter).
 *
 * <p>The point reads of one kind share a branch, {@code WHERE key IN (...)} over their distinct
 * keys: the server plans each branch of a union separately, and that planning was most of what a
 * branch per read cost (workload A's 19-read transactions of object and association point reads:
 * about 40 % less server CPU than one branch per read on MariaDB 10.11 and PostgreSQL 15). On
 * MariaDB and MySQL the association branch names the primary key; the optimizer would otherwise
 * scan every link of (id1, link_type) in the covering range index and filter on id2. A range keeps
 * its own branch, since it has its own ORDER BY and LIMIT.
 *
 * <p>Each read gets the rows {@link TaoReads#read} reads for it: the same tables, keys, visibility
 * and time filters, order and limit. A point read's row is found by its key, so reads of the same
 * key in one transaction get the same row, as they would one by one in one snapshot. A branch's row
 * shape is common to all kinds: {@code (tag, id1 | id, link_type | type, id2, visibility, version |
 * count, time, data)}, the tag being a range's op index or the negative tag of a point-read kind.
 * The rows of a range are put back into their order (time, then id2, newest first) here, since a
 * union does not promise to keep a branch's order. All parameters are integers written into the
 * text.
 */
public final class ReadUnion {

  private static final String LINK_COLUMNS = "id1, link_type, id2, visibility, version, time, data";

  private static final int OBJECTS = -1;
  private static final int ASSOCS = -2;
  private static final int COUNTS = -3;

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
      DatabaseFamily family,
      String snapshotSql,
      List<TaoOp.ReadOp> ops,
      Consumer<TaoReadResult> afterEachRead)
      throws SQLException {
    Rows rows = new Rows(ops);
    String union = sql(ops, family, rows.firstOfItsKey);
    String sql = snapshotSql == null ? union : snapshotSql + ";\n" + union;
    try (Statement st = StatementBinder.plain(conn)) {
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

  /** The statement reading {@code ops}, in {@code family}'s words. */
  static String sql(List<TaoOp.ReadOp> ops, DatabaseFamily family) {
    return sql(ops, family, new Rows(ops).firstOfItsKey);
  }

  /**
   * As above, given which reads are the first of their key (the rows' own index of the keys, so
   * that a transaction's keys are hashed once).
   */
  private static String sql(List<TaoOp.ReadOp> ops, DatabaseFamily family, boolean[] first) {
    if (ops.isEmpty()) {
      throw new IllegalArgumentException("a read transaction needs at least one read");
    }
    Branches union = new Branches(ops, first);
    pointBranch(union, ops, first, TaoOp.ObjectRead.class, OBJECTS, family);
    pointBranch(union, ops, first, TaoOp.AssocRead.class, ASSOCS, family);
    pointBranch(union, ops, first, TaoOp.AssocCount.class, COUNTS, family);
    for (int i = 0; i < ops.size(); i++) {
      if (ops.get(i) instanceof TaoOp.AssocRange r) {
        rangeBranch(union.next(), i, r, family.rangeIndexHint());
      }
    }
    return union.sql.toString();
  }

  /** The text of a union, one branch after another. */
  private static final class Branches {
    final StringBuilder sql;
    private boolean empty = true;

    /**
     * Sized for what the text holds: the kinds' heads, a key per distinct point read, a whole
     * branch per range; not per read, since a transaction often reads a key more than once.
     */
    Branches(List<TaoOp.ReadOp> ops, boolean[] first) {
      int capacity = 400;
      for (int i = 0; i < ops.size(); i++) {
        capacity += first[i] ? 32 : ops.get(i) instanceof TaoOp.AssocRange ? 240 : 0;
      }
      sql = new StringBuilder(capacity);
    }

    StringBuilder next() {
      if (!empty) {
        sql.append("\nUNION ALL ");
      }
      empty = false;
      return sql;
    }
  }

  /**
   * The branch of one kind of point read: each key once (point reads are records of their key, so
   * equal reads name the same row), in the order of their first reads, written straight into the
   * union's text.
   */
  private static void pointBranch(
      Branches union,
      List<TaoOp.ReadOp> ops,
      boolean[] first,
      Class<? extends TaoOp.ReadOp> kind,
      int tag,
      DatabaseFamily family) {
    int from = 0;
    while (from < ops.size() && !(first[from] && kind.isInstance(ops.get(from)))) {
      from++;
    }
    if (from == ops.size()) {
      return;
    }
    StringBuilder sql = union.next();
    sql.append("SELECT ").append(tag);
    switch (tag) {
      case OBJECTS -> sql.append(", id, type, 0, 1, version, time, data FROM nodetable WHERE id");
      case ASSOCS ->
          sql.append(", ")
              .append(LINK_COLUMNS)
              .append(" FROM linktable ")
              .append(family.pointIndexHint())
              .append(family.pointIndexHint().isEmpty() ? "" : " ")
              .append("WHERE (id1, link_type, id2)");
      default ->
          sql.append(", id, link_type, 0, 1, count, time, NULL FROM counttable")
              .append(" WHERE (id, link_type)");
    }
    sql.append(" IN (");
    key(sql, ops.get(from));
    for (int i = from + 1; i < ops.size(); i++) {
      if (first[i] && kind.isInstance(ops.get(i))) {
        key(sql.append(", "), ops.get(i));
      }
    }
    sql.append(')');
  }

  private static void key(StringBuilder keys, TaoOp.ReadOp op) {
    if (op instanceof TaoOp.ObjectRead o) {
      keys.append(o.id());
    } else if (op instanceof TaoOp.AssocRead a) {
      keys.append('(').append(a.id1()).append(", ").append(a.linkType());
      keys.append(", ").append(a.id2()).append(')');
    } else {
      TaoOp.AssocCount c = (TaoOp.AssocCount) op;
      keys.append('(').append(c.id1()).append(", ").append(c.linkType()).append(')');
    }
  }

  private static void rangeBranch(StringBuilder sql, int i, TaoOp.AssocRange r, String rangeHint) {
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
  }

  /** The rows of the union, collected per op. */
  private static final class Rows {
    private final List<TaoOp.ReadOp> ops;
    private final Object[] found;
    // a point read's key -> its first read; sameKey[i] -> the next read of read i's key, or -1.
    // Matching by scanning every read for every row cost a transaction of n reads n^2 equals
    // calls (250,000 for workload A's largest, 500 reads).
    private final Map<TaoOp.ReadOp, Integer> firstOfKey;
    private final int[] sameKey;

    /** Whether read i is a point read and no earlier read has its key. */
    final boolean[] firstOfItsKey;

    Rows(List<TaoOp.ReadOp> ops) {
      this.ops = ops;
      this.found = new Object[ops.size()];
      this.firstOfKey = new HashMap<>(2 * ops.size());
      this.sameKey = new int[ops.size()];
      this.firstOfItsKey = new boolean[ops.size()];
      // backwards, so each read is first of its key until an earlier read of the key turns up
      for (int i = ops.size() - 1; i >= 0; i--) {
        TaoOp.ReadOp op = ops.get(i);
        if (op instanceof TaoOp.AssocRange) {
          sameKey[i] = -1;
        } else {
          Integer later = firstOfKey.put(op, i);
          sameKey[i] = later == null ? -1 : later;
          firstOfItsKey[i] = true;
          if (later != null) {
            firstOfItsKey[later] = false;
          }
        }
      }
    }

    void take(ResultSet rs) throws SQLException {
      while (rs.next()) {
        int tag = rs.getInt(1);
        switch (tag) {
          case OBJECTS -> {
            Node n =
                new Node(
                    rs.getLong(2),
                    rs.getInt(3),
                    rs.getLong(6),
                    rs.getLong(7),
                    NodeRows.payload(rs, 8));
            answer(TaoOp.objectRead(n.id()), n);
          }
          case ASSOCS -> {
            Link l = link(rs);
            answer(TaoOp.assocRead(l.id1(), l.linkType(), l.id2()), l);
          }
          case COUNTS -> answer(TaoOp.assocCount(rs.getLong(2), rs.getLong(3)), rs.getLong(6));
          default -> {
            if (tag < 0 || tag >= ops.size() || !(ops.get(tag) instanceof TaoOp.AssocRange)) {
              throw new SQLException("read transaction returned a row for read " + tag);
            }
            @SuppressWarnings("unchecked")
            List<Link> range = (List<Link>) found[tag];
            if (range == null) {
              range = new ArrayList<>();
              found[tag] = range;
            }
            range.add(link(rs));
          }
        }
      }
    }

    /** Gives {@code row} to every point read equal to {@code read}, the read of its key. */
    private void answer(TaoOp.ReadOp read, Object row) throws SQLException {
      Integer first = firstOfKey.get(read);
      if (first == null) {
        throw new SQLException("read transaction returned a row no read asked for: " + row);
      }
      for (int i = first; i >= 0; i = sameKey[i]) {
        if (found[i] != null) {
          throw new SQLException(
              "read transaction returned two rows for the point read " + ops.get(i));
        }
        found[i] = row;
      }
    }

    private static Link link(ResultSet rs) throws SQLException {
      return new Link(
          rs.getLong(2),
          rs.getLong(3),
          rs.getLong(4),
          rs.getInt(5),
          NodeRows.payload(rs, 8),
          rs.getInt(6),
          rs.getLong(7));
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
