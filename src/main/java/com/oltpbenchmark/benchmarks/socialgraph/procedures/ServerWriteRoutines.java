package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.benchmarks.socialgraph.database.RoutineSql;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.LinkWriteResult;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoWrites;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Link writes as routines on the database server (a PL/pgSQL function on PostgreSQL, a stored
 * procedure on MariaDB and MySQL), so that AddLink, UpdateLink and DeleteLink are one round trip
 * each instead of three to five: the lock, the read, the write and the count upsert happen on the
 * server, where each statement's answer is at hand, and the call commits itself (PostgreSQL: the
 * call runs in autocommit; MariaDB/MySQL: the procedure opens and commits its own transaction).
 *
 * <p>The routines send the statements of {@link LinkWriter}'s step-by-step path in the same order
 * with the same locks, at the session's isolation level, so the count invariant, the lock order and
 * the retried conflicts are the same; the text is in {@code
 * benchmarks/socialgraph/routines/<family>.sql}. They are created by the benchmark before its
 * workers start (never dropped: the tables' DDL does not know them), each name carrying {@link
 * #VERSION}, so a changed body gets a new name instead of replacing one a running driver uses.
 *
 * <p>This class makes the calls; its helpers each do one other job: {@link RoutineSql} (what
 * differs per database), {@link RoutineInstaller} (creating the routines), {@link WriteGroupQuery}
 * (a write group's one query), {@link RoutineArgs} (a TAOBench write as routine arguments) and
 * {@link PreconditionMessages} (a failed precondition's message back into its user abort).
 */
public final class ServerWriteRoutines {

  /** Suffix of every routine name (see {@link RoutineSql#VERSION}). */
  public static final int VERSION = RoutineSql.VERSION;

  private final RoutineSql family;
  private final String writeLink;
  private final String removeLink;
  private final String taoWrite;

  private ServerWriteRoutines(RoutineSql family) {
    this.family = family;
    this.writeLink = call("sg_write_link", 9);
    this.removeLink = call("sg_remove_link", 5);
    this.taoWrite = call("sg_tao_write", 11);
  }

  /** The routines for {@code type}, or empty where none are written (the step path stays). */
  public static Optional<ServerWriteRoutines> forDatabase(DatabaseType type) {
    return Optional.ofNullable(DatabaseFamily.of(type).routines()).map(ServerWriteRoutines::new);
  }

  private String call(String name, int params) {
    return family.call(name, String.join(", ", nCopies("?", params)));
  }

  private static List<String> nCopies(String s, int n) {
    List<String> l = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      l.add(s);
    }
    return l;
  }

  /**
   * Creates the routines this database does not have yet, on a connection in autocommit mode.
   * Another driver process creating them at the same moment is fine: its duplicate is ignored.
   */
  public void install(Connection conn) throws SQLException {
    RoutineInstaller.install(family, conn);
  }

  /**
   * Waits, at most {@code limitMillis}, until every routine is visible on {@code conn} (a worker's
   * connection, not in autocommit): on a cluster whose nodes apply DDL after the node that ran it
   * returned, the first calls would otherwise fail as "does not exist".
   */
  public void awaitVisible(Connection conn, long limitMillis) throws SQLException {
    RoutineInstaller.awaitVisible(family, conn, limitMillis);
  }

  /** The CREATE statements of this family's routines, in file order. */
  List<String> createStatements() {
    return RoutineInstaller.createStatements(family);
  }

  /**
   * {@link LinkWriter#write}'s steps on the server; the payload was checked there.
   *
   * @param insertFirst as in {@link LinkWriter#write}
   */
  public LinkWriteResult writeLink(Connection conn, Link link, boolean insertFirst)
      throws SQLException {
    try (StatementBinder.Open open = StatementBinder.open(conn, writeLink)) {
      PreparedStatement ps = open.statement();
      ps.setLong(1, link.id1());
      ps.setLong(2, link.linkType());
      ps.setLong(3, link.id2());
      ps.setInt(4, link.visibility());
      ps.setBytes(5, link.data());
      ps.setLong(6, link.time());
      ps.setInt(7, link.version());
      ps.setBoolean(8, insertFirst);
      ps.setLong(9, System.currentTimeMillis());
      int outcome = singleInt(ps, "sg_write_link");
      return switch (outcome) {
        case 0 -> LinkWriteResult.UNCHANGED;
        case 1 -> LinkWriteResult.INSERTED;
        case 2 -> LinkWriteResult.UPDATED;
        default -> throw new SQLException("sg_write_link returned " + outcome + ", not 0, 1 or 2");
      };
    }
  }

  /** {@link LinkWriter#remove} on the server: whether the link existed. */
  public boolean removeLink(Connection conn, long id1, long linkType, long id2, boolean expunge)
      throws SQLException {
    try (StatementBinder.Open open = StatementBinder.open(conn, removeLink)) {
      PreparedStatement ps = open.statement();
      ps.setLong(1, id1);
      ps.setLong(2, linkType);
      ps.setLong(3, id2);
      ps.setBoolean(4, expunge);
      ps.setLong(5, System.currentTimeMillis());
      return singleInt(ps, "sg_remove_link") != 0;
    }
  }

  /** sg_tao_write's p_op for a write alone (a group passes each op's index). */
  private static final int ALONE = -1;

  /**
   * One TAOBench write with its preconditions ({@link TaoWrites} for a group of one) on the server.
   * A failed precondition throws the same user abort as the step-by-step path.
   */
  public void taoWrite(Connection conn, TaoOp.WriteOp op) throws SQLException {
    RoutineArgs.checkPayload(op);
    RoutineArgs.AssocArgs assoc = RoutineArgs.AssocArgs.of(op);
    try (StatementBinder.Open open = StatementBinder.open(conn, taoWrite)) {
      PreparedStatement ps = open.statement();
      ps.setInt(1, ALONE);
      ps.setInt(2, RoutineArgs.kindCode(op.kind()));
      ps.setLong(3, op.id1());
      ps.setLong(4, assoc.linkType());
      ps.setLong(5, assoc.id2());
      ps.setInt(6, RoutineArgs.preconditionBits(op));
      ps.setLong(7, op.expectedVersion());
      ps.setInt(8, assoc.expectedVisibility());
      ps.setBytes(9, op.payload());
      ps.setLong(10, op.time());
      ps.setLong(11, System.currentTimeMillis());
      ps.execute();
    } catch (SQLException e) {
      throw PreconditionMessages.preconditionOrSelf(e, op);
    }
  }

  /**
   * {@link TaoWrites} for a whole group, in one round trip, committing itself: one multi-statement
   * query that opens a transaction, observes the versions a read-then-CAS compares with, locks the
   * group's count and object rows in {@link TaoWrites.LockOrder}, applies each op with {@code
   * sg_tao_write} (given the op's index, so that it runs inside this transaction) and commits. The
   * server runs the statements of the step-by-step path in the same order with the same locks. A
   * statement that fails stops the query with the transaction open, so it is rolled back here (one
   * more round trip, on failure only) before the failure goes on: a failed precondition as the user
   * abort of the op that failed, anything else as it came. The connection must be in autocommit.
   */
  public void taoWriteGroup(Connection conn, List<TaoOp.WriteOp> ops) throws SQLException {
    for (TaoOp.WriteOp op : ops) {
      RoutineArgs.checkPayload(op);
    }
    String sql = WriteGroupQuery.sql(family, ops, System.currentTimeMillis());
    try (Statement st = StatementBinder.plain(conn)) {
      boolean isResultSet = st.execute(sql);
      while (isResultSet || st.getUpdateCount() != -1) {
        isResultSet = st.getMoreResults();
      }
    } catch (SQLException e) {
      try (Statement st = StatementBinder.plain(conn)) {
        st.execute("ROLLBACK");
      } catch (SQLException rollbackFailure) {
        e.addSuppressed(rollbackFailure);
      }
      throw PreconditionMessages.preconditionOrSelf(e, ops);
    }
  }

  private static int singleInt(PreparedStatement ps, String routine) throws SQLException {
    try (ResultSet rs = ps.executeQuery()) {
      if (!rs.next()) {
        throw new SQLException(routine + " returned no row");
      }
      return rs.getInt(1);
    }
  }
}
