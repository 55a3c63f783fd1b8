package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.Precondition;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOpKind;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * Applies a group of TAOBench writes, with their preconditions, inside the caller's transaction
 * (the runtime commits, or rolls back when a precondition throws its user abort).
 *
 * <p>Locking protocol, the same on every dialect:
 *
 * <ol>
 *   <li>Every count row (id, type) an association write touches, the inverse side's included, is
 *       created if absent and locked with a locking read, in ascending (id, type) order; then every
 *       object row, in ascending id order. The count row is the lock of the association list
 *       (id, type, *): two writers of the same list serialise on it, so a check such as "no other
 *       visible association" cannot race with an insert, and the sorted order means two TAOBench
 *       write transactions never deadlock against each other.
 *   <li>Each op then reads its own row with a locking read (the newest committed version even
 *       under InnoDB REPEATABLE READ), checks its preconditions in Java against that row, and
 *       writes. Link writes adjust the count row in the same transaction, so counttable(id1,t)
 *       .count stays equal to the visible links (id1,t,*).
 * </ol>
 *
 * <p>SQLite has no locking reads; its first write (the count-row insert) takes the database write
 * lock, and a conflicting writer fails with SQLITE_BUSY instead of waiting. Ops see the effects of
 * the earlier ops of the same group.
 */
public final class TaoWrites {

  static final String LOCK_COUNT = "SELECT count FROM counttable WHERE id = ? AND link_type = ?";
  static final String ADD_TO_COUNT = "UPDATE counttable SET count = count + ?, time = ?,"
      + " version = version + 1 WHERE id = ? AND link_type = ?";

  static final String READ_LINK = "SELECT visibility, version FROM linktable"
      + " WHERE id1 = ? AND link_type = ? AND id2 = ?";
  static final String INSERT_LINK = "INSERT INTO linktable"
      + " (id1, id2, link_type, visibility, data, time, version) VALUES (?, ?, ?, 1, ?, ?, 0)";
  static final String SHOW_LINK = "UPDATE linktable SET visibility = 1, data = ?, time = ?,"
      + " version = version + 1 WHERE id1 = ? AND link_type = ? AND id2 = ?";
  static final String HIDE_LINK = "UPDATE linktable SET visibility = 0, version = version + 1"
      + " WHERE id1 = ? AND link_type = ? AND id2 = ?";

  static final String READ_OBJECT = "SELECT version FROM nodetable WHERE id = ?";
  static final String INSERT_OBJECT =
      "INSERT INTO nodetable (id, type, version, time, data) VALUES (?, ?, 1, ?, ?)";
  static final String UPDATE_OBJECT =
      "UPDATE nodetable SET data = ?, time = ?, version = version + 1 WHERE id = ?";
  static final String DELETE_OBJECT = "DELETE FROM nodetable WHERE id = ?";

  private final Connection conn;
  private final SqlDialect dialect;
  private final long nowMillis;

  private TaoWrites(Connection conn, SqlDialect dialect) {
    this.conn = conn;
    this.dialect = dialect;
    this.nowMillis = System.currentTimeMillis();
  }

  /**
   * Applies {@code ops} in order. Throws the precondition's UserAbortException when a check fails
   * (earlier ops' writes are then rolled back by the runtime with the rest of the transaction);
   * lock conflicts, deadlocks and serialization failures escape as SQLException.
   */
  public static void apply(Connection conn, SqlDialect dialect, List<TaoOp> ops)
      throws SQLException {
    for (TaoOp op : ops) {
      if (!op.kind().isWrite()) {
        throw new IllegalArgumentException("a write group cannot hold the read " + op);
      }
    }
    new TaoWrites(conn, dialect).run(ops);
  }

  private void run(List<TaoOp> ops) throws SQLException {
    // read-then-CAS: an op without an explicit expected version compares against the version
    // this transaction observed before taking any lock
    List<Long> observed = new ArrayList<>(ops.size());
    for (TaoOp op : ops) {
      observed.add(op.has(Precondition.VERSION_MATCH) && op.expectedVersion() < 0
          ? observeVersion(op) : null);
    }
    lockInOrder(ops);
    for (int i = 0; i < ops.size(); i++) {
      TaoOp op = ops.get(i);
      long expected = op.expectedVersion() >= 0 || observed.get(i) == null
          ? op.expectedVersion() : observed.get(i);
      if (op.kind().isObject()) {
        writeObject(op, expected);
      } else {
        writeAssoc(op, expected);
      }
    }
  }

  private Long observeVersion(TaoOp op) throws SQLException {
    if (op.kind().isObject()) {
      return selectLong(READ_OBJECT, op.id1());
    }
    RowState s = readLink(op.id1(), op.linkType(), op.id2(), false);
    return s.present ? s.version : null;
  }

  private void lockInOrder(List<TaoOp> ops) throws SQLException {
    TreeSet<long[]> counts = new TreeSet<>((a, b) -> a[0] != b[0]
        ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
    TreeSet<Long> objects = new TreeSet<>();
    for (TaoOp op : ops) {
      if (op.kind().isObject()) {
        objects.add(op.id1());
      } else {
        counts.add(new long[] {op.id1(), op.linkType()});
        if (isBidirectional(op)) {
          counts.add(new long[] {op.id2(), op.linkType()});
        }
      }
    }
    for (long[] key : counts) {
      createCountRowIfAbsent(key[0], key[1]);
      lockCount(key[0], key[1]);
    }
    if (dialect != SqlDialect.SQLITE) {
      for (long id : objects) {
        selectLong(READ_OBJECT + dialect.forUpdate(), id);
      }
    }
  }

  // ---- objects ----

  private void writeObject(TaoOp op, long expectedVersion) throws SQLException {
    long id = op.id1();
    Long version = selectLong(READ_OBJECT + dialect.forUpdate(), id);
    boolean present = version != null;
    // an object has no visibility column: present counts as visible, absent as hidden
    check(op, present, present ? Link.VISIBLE : Link.HIDDEN, present ? version : -1,
        expectedVersion, "object " + id);
    // nodetable.time is UNIX seconds (LinkBench's convention), the op carries milliseconds
    long time = (op.time() > 0 ? op.time() : nowMillis) / 1000;
    if (op.kind() == TaoOpKind.OBJECT_DELETE) {
      if (present) {
        update(DELETE_OBJECT, id);
      }
    } else if (present) {
      update(UPDATE_OBJECT, op.payload(), time, id);
    } else {
      update(INSERT_OBJECT, id, Node.DEFAULT_TYPE, time, op.payload());
    }
  }

  // ---- associations ----

  private void writeAssoc(TaoOp op, long expectedVersion) throws SQLException {
    long id1 = op.id1();
    long type = op.linkType();
    long id2 = op.id2();
    String where = "association (" + id1 + "," + type + "," + id2 + ")";
    RowState fwd = readLink(id1, type, id2, true);
    check(op, fwd.visible(), fwd.present ? fwd.visibility : Link.HIDDEN, fwd.version,
        expectedVersion, where);
    boolean bidirectional = isBidirectional(op);
    if (op.kind() == TaoOpKind.ASSOC_DELETE) {
      hide(id1, type, id2, fwd);
      if (bidirectional) {
        hide(id2, type, id1, readLink(id2, type, id1, true));
      }
      return;
    }
    RowState inv = bidirectional ? readLink(id2, type, id1, true) : null;
    if (op.has(Precondition.UNIQUE)) {
      long others = lockCount(id1, type) - (fwd.visible() ? 1 : 0);
      if (others > 0) {
        throw PreconditionFailure.UNIQUE.abort(where + ": " + others
            + " other visible association(s) of type " + type + " leave " + id1);
      }
      if (bidirectional) {
        long inverseOthers = lockCount(id2, type) - (inv.visible() ? 1 : 0);
        if (inverseOthers > 0) {
          throw PreconditionFailure.UNIQUE_INVERSE.abort(where + ": " + inverseOthers
              + " other visible association(s) of type " + type + " leave " + id2);
        }
      }
    }
    long time = op.time() > 0 ? op.time() : nowMillis;
    show(id1, type, id2, fwd, op.payload(), time);
    if (bidirectional) {
      show(id2, type, id1, inv, op.payload(), time);
    }
  }

  private static boolean isBidirectional(TaoOp op) {
    return op.has(Precondition.BIDIRECTIONAL) && op.id1() != op.id2();
  }

  /** Makes (id1, type, id2) exist and be visible with the new payload. */
  private void show(long id1, long type, long id2, RowState s, byte[] data, long time)
      throws SQLException {
    if (!s.present) {
      update(INSERT_LINK, id1, id2, type, data, time);
      addToCount(id1, type, 1);
    } else {
      update(SHOW_LINK, data, time, id1, type, id2);
      if (!s.visible()) {
        addToCount(id1, type, 1);
      }
    }
  }

  /** Soft-deletes (id1, type, id2), as LinkBench's request phase does. */
  private void hide(long id1, long type, long id2, RowState s) throws SQLException {
    if (s.visible()) {
      update(HIDE_LINK, id1, type, id2);
      addToCount(id1, type, -1);
    }
  }

  // ---- preconditions shared by objects and associations ----

  /**
   * {@code exists}: the row is there for UPDATE_ONLY (an object row; a visible link, since a
   * hidden link is a deleted association). {@code version} is -1 for an absent row, which fails
   * VERSION_MATCH whatever was expected.
   */
  private static void check(TaoOp op, boolean exists, int visibility, long version,
      long expectedVersion, String where) {
    if (op.has(Precondition.UPDATE_ONLY) && !exists) {
      throw PreconditionFailure.UPDATE_ONLY.abort(op.kind() + " " + where + " does not exist");
    }
    if (op.has(Precondition.VERSION_MATCH) && (version < 0 || version != expectedVersion)) {
      throw PreconditionFailure.VERSION_MATCH.abort(op.kind() + " " + where + ": version "
          + (version < 0 ? "(absent)" : version) + ", expected " + expectedVersion);
    }
    if (op.has(Precondition.VISIBILITY_MATCH) && visibility != op.expectedVisibility()) {
      throw PreconditionFailure.VISIBILITY_MATCH.abort(op.kind() + " " + where + ": visibility "
          + visibility + ", expected " + op.expectedVisibility());
    }
  }

  // ---- count rows ----

  private void createCountRowIfAbsent(long id, long type) throws SQLException {
    String upsert = dialect.insertCountRowIfAbsent();
    if (upsert != null) {
      update(upsert, id, type, nowMillis);
    } else if (selectLong(LOCK_COUNT + dialect.forUpdate(), id, type) == null) {
      update("INSERT INTO counttable (id, link_type, count, time, version) VALUES (?, ?, 0, ?, 0)",
          id, type, nowMillis);
    }
  }

  /** Locks the count row (already created) and returns its count. */
  private long lockCount(long id, long type) throws SQLException {
    Long count = selectLong(LOCK_COUNT + dialect.forUpdate(), id, type);
    if (count == null) {
      throw new SQLException("counttable row (" + id + "," + type + ") vanished inside the"
          + " transaction that created it");
    }
    return count;
  }

  private void addToCount(long id, long type, int delta) throws SQLException {
    int rows = update(ADD_TO_COUNT, delta, nowMillis, id, type);
    if (rows != 1) {
      throw new SQLException("counttable row (" + id + "," + type + ") not found while adding "
          + delta + " (" + rows + " rows updated)");
    }
  }

  // ---- JDBC plumbing ----

  private RowState readLink(long id1, long type, long id2, boolean lock) throws SQLException {
    try (PreparedStatement ps =
        conn.prepareStatement(lock ? READ_LINK + dialect.forUpdate() : READ_LINK)) {
      ps.setLong(1, id1);
      ps.setLong(2, type);
      ps.setLong(3, id2);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? new RowState(true, rs.getInt(1), rs.getLong(2)) : RowState.ABSENT;
      }
    }
  }

  private Long selectLong(String sql, Object... params) throws SQLException {
    try (PreparedStatement ps = prepare(sql, params); ResultSet rs = ps.executeQuery()) {
      return rs.next() ? rs.getLong(1) : null;
    }
  }

  private int update(String sql, Object... params) throws SQLException {
    try (PreparedStatement ps = prepare(sql, params)) {
      return ps.executeUpdate();
    }
  }

  private PreparedStatement prepare(String sql, Object... params) throws SQLException {
    PreparedStatement ps = conn.prepareStatement(sql);
    try {
      for (int i = 0; i < params.length; i++) {
        Object p = params[i];
        if (p instanceof byte[] b) {
          ps.setBytes(i + 1, b);
        } else if (p instanceof Integer n) {
          ps.setInt(i + 1, n);
        } else {
          ps.setLong(i + 1, (Long) p);
        }
      }
      return ps;
    } catch (SQLException | RuntimeException e) {
      ps.close();
      throw e;
    }
  }

  /** The locked state of one link row; an absent row is neither present nor visible. */
  private record RowState(boolean present, int visibility, long version) {
    static final RowState ABSENT = new RowState(false, Link.HIDDEN, -1);

    boolean visible() {
      return present && visibility == Link.VISIBLE;
    }
  }
}
