package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.LinkWriteResult;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTransactionRollbackException;

/**
 * Link writes that keep {@code counttable(id1, t).count} equal to the number of visible links (id1,
 * t, *), for every procedure that changes links.
 *
 * <h2>How the invariant holds under concurrency</h2>
 *
 * Every write first holds the exclusive row lock of the link it changes ({@code SELECT ... FOR
 * UPDATE}, or the insert that creates the row), reads the link's current visibility under that
 * lock, writes the link, and then applies the exact visibility change (+1, -1 or nothing) to the
 * count with one atomic upsert ({@link LinkSql#ADD_TO_COUNT}). Transitions of one link are thus
 * serialised by its row lock, and increments of one count row never get lost, so the count is
 * always the sum of the transitions. Lock order is always link row, then count row. Locking reads
 * and upserts act on the newest committed row, so this holds at READ COMMITTED and REPEATABLE READ
 * on PostgreSQL and InnoDB alike; at snapshot levels a conflicting write is a serialisation failure
 * (SQLState 40001) that the runtime retries. Nothing here commits or rolls back: the caller's
 * transaction (the runtime's) does.
 *
 * <h2>Reuse from other procedures (TAOBench Write / WriteTxn)</h2>
 *
 * Declare public {@link SQLStmt} fields initialised from {@link LinkSql} (field name = constant
 * name in lower camel case, e.g. {@code public final SQLStmt addToCount = new
 * SQLStmt(LinkSql.ADD_TO_COUNT);}), regenerate the dialect files (the procedure gets the same
 * overrides as AddLink; see {@code DialectFilesTest}), collect the fields with {@code
 * StatementBundle.of(this, LinkWriter.Statements.class)} and call:
 *
 * <ul>
 *   <li>{@link #write} / {@link #remove} for a plain add/update/delete, or
 *   <li>{@link #lockLink} to read the current row under its lock, check preconditions (version,
 *       visibility, update-only) on the result, then {@link #writeLocked} / {@link #removeLocked}
 *       with that same row.
 *   <li>For "no other visible link of this type from id1", lock the whole (id1, type) first with
 *       {@link #lockCount} (it returns the count, which is exact while the lock is held because
 *       every link write also ends by updating that row). This takes the count row before the link
 *       row, the reverse of the plain path; the rare deadlock that can cause is detected by the
 *       database and retried by the runtime.
 *   <li>In a transaction with several links, write them in ascending (id1, type, id2) order to keep
 *       lock order consistent between transactions.
 * </ul>
 */
public final class LinkWriter {

  /**
   * The statements a link write may use: the calling procedure's own (dialect-loaded) fields, as
   * {@link StatementBundle} collects them. Statements an operation does not use may be null.
   *
   * @param selectLinkForUpdate {@link LinkSql#SELECT_LINK_FOR_UPDATE}
   * @param insertLinkIfAbsent {@link LinkSql#INSERT_LINK_IF_ABSENT}
   * @param updateLink {@link LinkSql#UPDATE_LINK}
   * @param hideLink {@link LinkSql#HIDE_LINK}
   * @param deleteLink {@link LinkSql#DELETE_LINK}
   * @param addToCount {@link LinkSql#ADD_TO_COUNT}
   */
  public record Statements(
      SQLStmt selectLinkForUpdate,
      SQLStmt insertLinkIfAbsent,
      SQLStmt updateLink,
      SQLStmt hideLink,
      SQLStmt deleteLink,
      SQLStmt addToCount) {}

  private LinkWriter() {}

  /**
   * Inserts or overwrites {@code link} (all fields), keeping the count exact: step by step, or as
   * its server routine's call (one round trip), as {@link Delivery#oneWrite} says. The payload is
   * checked here, once, whichever way the write goes.
   *
   * @param insertFirst true when the link is probably new (AddLink): try the insert first, which on
   *     InnoDB avoids the gap locks a locking read of a missing key takes; false when it probably
   *     exists (UpdateLink): lock it first.
   */
  static LinkWriteResult write(
      Connection conn, Delivery delivery, Statements s, Link link, boolean insertFirst)
      throws SQLException {
    checkPayload(link.id1(), link.linkType(), link.id2(), link.data());
    if (delivery.oneWrite() != WriteSql.STEPS) {
      return delivery.routines().writeLink(conn, link, insertFirst);
    }
    Link previous = insertFirst ? null : lockLink(conn, s, link.id1(), link.linkType(), link.id2());
    return writeChecked(conn, s, previous, link);
  }

  /**
   * Hides ({@code expunge=false}) or physically deletes the link. The count drops by one only when
   * a visible link stops being visible; expunging a hidden link leaves it alone (LinkBench bug #5
   * fixed).
   *
   * @return whether the link existed (hidden or not)
   */
  public static boolean remove(
      Connection conn, Statements s, long id1, long linkType, long id2, boolean expunge)
      throws SQLException {
    Link previous = lockLink(conn, s, id1, linkType, id2);
    return removeLocked(conn, s, previous, id1, linkType, id2, expunge);
  }

  /**
   * Locks the link row and returns it, or null if there is none. On InnoDB at REPEATABLE READ a
   * missing key is gap-locked, so a concurrent insert of it waits until this transaction ends.
   */
  public static Link lockLink(Connection conn, Statements s, long id1, long linkType, long id2)
      throws SQLException {
    try (StatementBinder.Open ps =
            StatementBinder.open(conn, s.selectLinkForUpdate(), id1, linkType, id2);
        ResultSet rs = ps.query()) {
      return rs.next() ? LinkRows.readLocked(rs, id1, linkType, id2) : null;
    }
  }

  /**
   * Writes {@code link} given its current row {@code previous} as returned by {@link #lockLink} in
   * this transaction (null = it did not exist), and adjusts the count.
   */
  public static LinkWriteResult writeLocked(Connection conn, Statements s, Link previous, Link link)
      throws SQLException {
    checkPayload(link.id1(), link.linkType(), link.id2(), link.data());
    return writeChecked(conn, s, previous, link);
  }

  /** {@link #writeLocked} of a link whose payload was checked. */
  private static LinkWriteResult writeChecked(
      Connection conn, Statements s, Link previous, Link link) throws SQLException {
    if (previous == null) {
      if (insertIfAbsent(conn, s.insertLinkIfAbsent(), link)) {
        if (link.isVisible()) {
          addToCount(conn, s.addToCount(), link.id1(), link.linkType(), +1);
        }
        return LinkWriteResult.INSERTED;
      }
      // Someone else inserted it meanwhile (and committed: the insert waited for that).
      previous = lockLink(conn, s, link.id1(), link.linkType(), link.id2());
      if (previous == null) {
        // Only at snapshot isolation: the committed row is invisible to this transaction.
        throw new SQLTransactionRollbackException(
            Link.describe(link.id1(), link.linkType(), link.id2())
                + " was inserted by a concurrent transaction that this snapshot cannot see",
            SqlStates.SERIALIZATION_FAILURE);
      }
    }
    if (previous.equals(link)) {
      return LinkWriteResult.UNCHANGED;
    }
    int rows =
        StatementBinder.update(
            conn,
            s.updateLink(),
            link.visibility(),
            link.data(),
            link.time(),
            link.version(),
            link.id1(),
            link.linkType(),
            link.id2());
    expectOneRow(rows, "update", link.id1(), link.linkType(), link.id2());
    int delta = link.visibility() - previous.visibility();
    if (delta != 0) {
      addToCount(conn, s.addToCount(), link.id1(), link.linkType(), delta);
    }
    return LinkWriteResult.UPDATED;
  }

  /**
   * Hides or deletes a link given its current row {@code previous} as returned by {@link #lockLink}
   * in this transaction (null = it does not exist: nothing happens).
   *
   * @return whether the link existed
   */
  public static boolean removeLocked(
      Connection conn,
      Statements s,
      Link previous,
      long id1,
      long linkType,
      long id2,
      boolean expunge)
      throws SQLException {
    if (previous == null) {
      return false;
    }
    if (expunge) {
      expectOneRow(
          StatementBinder.update(conn, s.deleteLink(), id1, linkType, id2),
          "delete",
          id1,
          linkType,
          id2);
    } else if (previous.isVisible()) {
      expectOneRow(
          StatementBinder.update(conn, s.hideLink(), id1, linkType, id2),
          "hide",
          id1,
          linkType,
          id2);
    }
    if (previous.isVisible()) {
      addToCount(conn, s.addToCount(), id1, linkType, -1);
    }
    return true;
  }

  /**
   * Locks the count row of (id1, linkType), creating it with count 0 if absent, and returns the
   * count. While held, no other transaction can change the visible links of (id1, linkType).
   *
   * @param insertCountIfAbsent inserts a zero count row (params id, link_type, time ms) or leaves
   *     an existing one alone; on InnoDB it should X-lock an existing row at once (a no-op {@code
   *     ON DUPLICATE KEY UPDATE}), since upgrading INSERT IGNORE's shared lock deadlocks
   * @param selectCountForUpdate {@link LinkSql#SELECT_COUNT_FOR_UPDATE}
   */
  public static long lockCount(
      Connection conn,
      SQLStmt insertCountIfAbsent,
      SQLStmt selectCountForUpdate,
      long id1,
      long linkType)
      throws SQLException {
    StatementBinder.update(conn, insertCountIfAbsent, id1, linkType, System.currentTimeMillis());
    Long count = StatementBinder.queryLong(conn, selectCountForUpdate, id1, linkType);
    if (count == null) {
      throw new SQLTransactionRollbackException(
          "count row ("
              + id1
              + ","
              + linkType
              + ") was created by a concurrent transaction that this snapshot cannot see",
          SqlStates.SERIALIZATION_FAILURE);
    }
    return count;
  }

  /** Adds {@code delta} to the count of (id1, linkType), creating the row if needed. */
  public static void addToCount(
      Connection conn, SQLStmt addToCount, long id1, long linkType, int delta) throws SQLException {
    StatementBinder.update(
        conn, addToCount, id1, linkType, (long) delta, System.currentTimeMillis());
  }

  private static boolean insertIfAbsent(Connection conn, SQLStmt stmt, Link l) throws SQLException {
    return StatementBinder.update(
            conn,
            stmt,
            l.id1(),
            l.id2(),
            l.linkType(),
            l.visibility(),
            l.data(),
            l.time(),
            l.version())
        == 1;
  }

  /**
   * Rejects a link payload longer than the linktable.data column, which some databases would
   * truncate silently: the one check, whichever path (steps or routine) writes the link.
   */
  static void checkPayload(long id1, long linkType, long id2, byte[] data) {
    if (data.length > Link.MAX_DATA) {
      throw new IllegalArgumentException(
          Link.describe(id1, linkType, id2)
              + ": payload of "
              + data.length
              + " bytes exceeds the "
              + Link.MAX_DATA
              + "-byte linktable.data column");
    }
  }

  private static void expectOneRow(int rows, String what, long id1, long linkType, long id2)
      throws SQLException {
    if (rows != 1) {
      throw new SQLException(
          "link "
              + what
              + " of locked row ("
              + id1
              + ","
              + linkType
              + ","
              + id2
              + ") changed "
              + rows
              + " rows, expected 1");
    }
  }
}
