package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.LinkWriter;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.SqlStates;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.StatementBinder;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.Precondition;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOpKind;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeSet;

/**
 * Applies a group of TAOBench writes, with their preconditions, inside the caller's transaction
 * (the request pipeline or the runtime commits; the runtime rolls back when a precondition throws
 * its user abort).
 *
 * <p>Locking protocol, the same on every dialect (only the statement texts differ):
 *
 * <ol>
 *   <li>Every count row (id, type) an association write touches, the inverse side's included, is
 *       created if absent and locked with a locking read ({@link LinkWriter#lockCount}), in
 *       ascending (id, type) order; then every object row, in ascending id order. The count row is
 *       the lock of the association list (id, type, *): TAOBench writers of one list serialise on
 *       it, so "no other visible association" cannot race with a concurrent insert, and the sorted
 *       order means two TAOBench write transactions never deadlock on these rows.
 *   <li>Each op then locks its own row ({@link LinkWriter#lockLink}, or a locking read of the
 *       object: the newest committed version even under InnoDB REPEATABLE READ), checks its
 *       preconditions in Java against that row, and writes. Link writes go through {@link
 *       LinkWriter#writeLocked}, which adjusts the count by the exact visibility change, so
 *       counttable(id1, t).count stays equal to the visible links (id1, t, *).
 * </ol>
 *
 * <p>Every write bumps the row's version by one (an association added anew starts at 0, an object
 * at 1), which is what VERSION_MATCH compares. SQLite has no locking reads; its first write (the
 * count-row insert) takes the database write lock. Ops see the effects of the earlier ops of the
 * same group.
 */
public final class TaoWrites {

  private static final Comparator<long[]> BY_ID_THEN_TYPE =
      Comparator.<long[]>comparingLong(k -> k[0]).thenComparingLong(k -> k[1]);

  private final Connection conn;
  private final WriteStatements s;
  private final long nowMillis;

  private TaoWrites(Connection conn, WriteStatements s) {
    this.conn = conn;
    this.s = s;
    this.nowMillis = System.currentTimeMillis();
  }

  /**
   * Applies {@code ops} in order. Throws the precondition's UserAbortException when a check fails
   * (earlier ops' writes are then rolled back by the runtime with the rest of the transaction);
   * lock conflicts, deadlocks and serialization failures escape as SQLException.
   */
  public static void apply(Connection conn, WriteStatements statements, List<TaoOp> ops)
      throws SQLException {
    new TaoWrites(conn, statements).run(writesOf(ops));
  }

  /** A write group's ops as writes; a read among them is a programming error. */
  public static List<TaoOp.WriteOp> writesOf(List<TaoOp> ops) {
    List<TaoOp.WriteOp> writes = new ArrayList<>(ops.size());
    for (TaoOp op : ops) {
      if (!(op instanceof TaoOp.WriteOp write)) {
        throw new IllegalArgumentException("a write group cannot hold the read " + op);
      }
      writes.add(write);
    }
    return writes;
  }

  private void run(List<TaoOp.WriteOp> ops) throws SQLException {
    // read-then-CAS: an op without an explicit expected version (< 0) compares against the
    // version this transaction observed before taking any lock
    List<Long> observed = new ArrayList<>(ops.size());
    for (TaoOp.WriteOp op : ops) {
      observed.add(observesVersion(op) ? observeVersion(op) : null);
    }
    lockInOrder(ops);
    for (int i = 0; i < ops.size(); i++) {
      TaoOp.WriteOp op = ops.get(i);
      long expected =
          op.expectedVersion() >= 0 || observed.get(i) == null
              ? op.expectedVersion()
              : observed.get(i);
      if (op instanceof TaoOp.ObjectWrite o) {
        writeObject(o, expected);
      } else {
        writeAssoc((TaoOp.AssocWrite) op, expected);
      }
    }
  }

  private Long observeVersion(TaoOp.WriteOp op) throws SQLException {
    if (op instanceof TaoOp.AssocWrite a) {
      return selectLong(s.observeLinkVersion(), a.id1(), a.linkType(), a.id2());
    }
    return selectLong(s.observeNodeVersion(), op.id1());
  }

  /**
   * The rows a write group locks before its first op, in the order it locks them: every count row
   * (id, type) an association write touches, the inverse side's included, ascending by id then
   * type; then the object rows in ascending id order when there are several (a single object row is
   * locked by its own op; order only matters between several).
   *
   * @param counts (id, type) pairs
   * @param objects object ids (empty for fewer than two)
   */
  public record LockOrder(List<long[]> counts, List<Long> objects) {

    public static LockOrder of(List<TaoOp.WriteOp> ops) {
      TreeSet<long[]> counts = new TreeSet<>(BY_ID_THEN_TYPE);
      TreeSet<Long> objects = new TreeSet<>();
      for (TaoOp.WriteOp op : ops) {
        if (op instanceof TaoOp.AssocWrite a) {
          counts.add(new long[] {a.id1(), a.linkType()});
          if (isBidirectional(a)) {
            counts.add(new long[] {a.id2(), a.linkType()});
          }
        } else {
          objects.add(op.id1());
        }
      }
      return new LockOrder(
          List.copyOf(counts), objects.size() > 1 ? List.copyOf(objects) : List.of());
    }
  }

  /**
   * Whether the op's read-then-CAS compares with the version this transaction observes before
   * taking any lock (VERSION_MATCH without an explicit expected version).
   */
  public static boolean observesVersion(TaoOp.WriteOp op) {
    return op.has(Precondition.VERSION_MATCH) && op.expectedVersion() < 0;
  }

  private void lockInOrder(List<TaoOp.WriteOp> ops) throws SQLException {
    LockOrder order = LockOrder.of(ops);
    for (long[] key : order.counts()) {
      LinkWriter.lockCount(conn, s.insertCountIfAbsent(), s.selectCountForUpdate(), key[0], key[1]);
    }
    for (long id : order.objects()) {
      selectLong(s.selectNodeVersionForUpdate(), id);
    }
  }

  // ---- objects ----

  private void writeObject(TaoOp.ObjectWrite op, long expectedVersion) throws SQLException {
    long id = op.id();
    Long version = selectLong(s.selectNodeVersionForUpdate(), id);
    checkObject(op, version, expectedVersion);
    // nodetable.time is UNIX seconds (LinkBench's convention), the op carries milliseconds
    long time = (op.time() > 0 ? op.time() : nowMillis) / 1000;
    if (op.kind() == TaoOpKind.OBJECT_DELETE) {
      if (version != null) {
        update(s.deleteNodeById(), id);
      }
      return;
    }
    if (version == null) {
      if (update(s.insertNodeWithId(), id, Node.DEFAULT_TYPE, time, op.payload()) == 1) {
        return;
      }
      // A locking read of a missing row locks nothing: another transaction inserted the object
      // meanwhile and committed (the insert waited for it). Serialise after it: lock, re-check.
      version = selectLong(s.selectNodeVersionForUpdate(), id);
      if (version == null) {
        // only at snapshot isolation, where the committed row is invisible to this transaction
        throw new SQLTransactionRollbackException(
            "object "
                + id
                + " was inserted by a concurrent"
                + " transaction that this snapshot cannot see",
            SqlStates.SERIALIZATION_FAILURE);
      }
      checkObject(op, version, expectedVersion);
    }
    update(s.updateNodePayload(), op.payload(), time, id);
  }

  /** An object has no visibility column: present counts as visible, absent as hidden. */
  private static void checkObject(TaoOp.ObjectWrite op, Long version, long expectedVersion) {
    boolean present = version != null;
    check(
        op,
        present,
        present ? Link.VISIBLE : Link.HIDDEN,
        present ? version : -1,
        expectedVersion,
        "object " + op.id());
  }

  // ---- associations ----

  private void writeAssoc(TaoOp.AssocWrite op, long expectedVersion) throws SQLException {
    long id1 = op.id1();
    long type = op.linkType();
    long id2 = op.id2();
    String where = "association (" + id1 + "," + type + "," + id2 + ")";
    Link fwd = LinkWriter.lockLink(conn, s.links(), id1, type, id2);
    check(
        op,
        fwd != null && fwd.isVisible(),
        fwd == null ? Link.HIDDEN : fwd.visibility(),
        fwd == null ? -1 : fwd.version(),
        expectedVersion,
        where);
    boolean bidirectional = isBidirectional(op);
    if (op.kind() == TaoOpKind.ASSOC_DELETE) {
      hide(fwd);
      if (bidirectional) {
        hide(LinkWriter.lockLink(conn, s.links(), id2, type, id1));
      }
      return;
    }
    Link inv = bidirectional ? LinkWriter.lockLink(conn, s.links(), id2, type, id1) : null;
    if (op.has(Precondition.UNIQUE)) {
      requireNoOtherVisible(PreconditionFailure.UNIQUE, where, id1, type, fwd);
      if (bidirectional) {
        requireNoOtherVisible(PreconditionFailure.UNIQUE_INVERSE, where, id2, type, inv);
      }
    }
    long time = op.time() > 0 ? op.time() : nowMillis;
    show(id1, type, id2, fwd, op.payload(), time);
    if (bidirectional) {
      show(id2, type, id1, inv, op.payload(), time);
    }
  }

  /**
   * Fails with {@code failure} when {@code id} has visible associations of {@code type} besides
   * {@code own} (its locked link of that type, or null): UNIQUE allows one, the one being written.
   */
  private void requireNoOtherVisible(
      PreconditionFailure failure, String where, long id, long type, Link own) throws SQLException {
    long others = lockedCount(id, type) - (own != null && own.isVisible() ? 1 : 0);
    if (others > 0) {
      throw failure.abort(
          where + ": " + others + " other visible association(s) of type " + type + " leave " + id);
    }
  }

  /** Whether the op writes the inverse association too (BIDIRECTIONAL, and not a self-link). */
  public static boolean isBidirectional(TaoOp.AssocWrite op) {
    return op.has(Precondition.BIDIRECTIONAL) && op.id1() != op.id2();
  }

  /** Makes (id1, type, id2) exist and be visible with the new payload, one version later. */
  private void show(long id1, long type, long id2, Link previous, byte[] data, long time)
      throws SQLException {
    int version = previous == null ? 0 : previous.version() + 1;
    LinkWriter.writeLocked(
        conn, s.links(), previous, new Link(id1, type, id2, Link.VISIBLE, data, version, time));
  }

  /** Soft-deletes a visible association (as LinkBench's request phase does), one version later. */
  private void hide(Link previous) throws SQLException {
    if (previous != null && previous.isVisible()) {
      LinkWriter.writeLocked(
          conn,
          s.links(),
          previous,
          new Link(
              previous.id1(),
              previous.linkType(),
              previous.id2(),
              Link.HIDDEN,
              previous.data(),
              previous.version() + 1,
              previous.time()));
    }
  }

  // ---- preconditions shared by objects and associations ----

  /**
   * {@code exists}: the row is there for UPDATE_ONLY (an object row; a visible link, since a hidden
   * link is a deleted association). {@code version} is -1 for an absent row, which fails
   * VERSION_MATCH whatever was expected.
   */
  private static void check(
      TaoOp.WriteOp op,
      boolean exists,
      int visibility,
      long version,
      long expectedVersion,
      String where) {
    if (op.has(Precondition.UPDATE_ONLY) && !exists) {
      throw PreconditionFailure.UPDATE_ONLY.abort(op.kind() + " " + where + " does not exist");
    }
    if (op.has(Precondition.VERSION_MATCH) && (version < 0 || version != expectedVersion)) {
      throw PreconditionFailure.VERSION_MATCH.abort(
          op.kind()
              + " "
              + where
              + ": version "
              + (version < 0 ? "(absent)" : version)
              + ", expected "
              + expectedVersion);
    }
    // VISIBILITY_MATCH is defined for associations; an object write expects HIDDEN, so on an
    // object it passes only when the object is absent
    int expectedVisibility =
        op instanceof TaoOp.AssocWrite a ? a.expectedVisibility() : Link.HIDDEN;
    if (op.has(Precondition.VISIBILITY_MATCH) && visibility != expectedVisibility) {
      throw PreconditionFailure.VISIBILITY_MATCH.abort(
          op.kind()
              + " "
              + where
              + ": visibility "
              + visibility
              + ", expected "
              + expectedVisibility);
    }
  }

  /** The count of a row locked by {@link #lockInOrder}, as earlier ops of this group left it. */
  private long lockedCount(long id, long type) throws SQLException {
    Long count = selectLong(s.selectCountForUpdate(), id, type);
    if (count == null) {
      throw new SQLException(
          "counttable row ("
              + id
              + ","
              + type
              + ") vanished inside the"
              + " transaction that locked it");
    }
    return count;
  }

  // ---- JDBC plumbing ----

  private Long selectLong(SQLStmt stmt, Object... params) throws SQLException {
    return StatementBinder.queryLong(conn, stmt, params);
  }

  private int update(SQLStmt stmt, Object... params) throws SQLException {
    return StatementBinder.update(conn, stmt, params);
  }
}
