package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.ReadStatements;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.SqlDialect;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoReadResult;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoReads;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * TAOBench read_txn(keys): a group of reads in one read-only transaction that sees one snapshot.
 * The first statement pins the transaction's snapshot: REPEATABLE READ, READ ONLY on PostgreSQL
 * (READ ONLY alone when the connection is SERIALIZABLE) and on MySQL/MariaDB; SERIALIZABLE, READ
 * ONLY on CockroachDB; nothing on SQLite, whose transactions read one snapshot anyway. The setting
 * lasts for this transaction only, so the connection needs no restoring; the runtime commits.
 *
 * <p>Where the driver can send several statements at once (PostgreSQL; MariaDB Connector/J with
 * {@code allowMultiQueries=true} in the URL) the snapshot statement and all reads go in one round
 * trip, as TAOBench's own MySQL driver sends a transaction; elsewhere one round trip per read. On
 * MariaDB a connection the caller left in autocommit gets the begin and the commit in that same
 * query ({@link SqlDialect#readTransactionInAutocommit}); any other connection in autocommit is
 * taken out of it, since the reads need one transaction.
 */
public final class ReadTxn extends Procedure {

  public final SQLStmt selectNode = new SQLStmt(NodeSql.SELECT_NODE);
  public final SQLStmt selectLink = new SQLStmt(LinkSql.SELECT_LINK);
  public final SQLStmt selectLinkRange = new SQLStmt(LinkSql.SELECT_LINK_RANGE);
  public final SQLStmt selectCount = new SQLStmt(LinkSql.SELECT_COUNT);

  private final ReadStatements statements = StatementBundle.of(this, ReadStatements.class);
  private SqlDialect dialect;
  private boolean oneRoundTrip;

  public List<TaoReadResult> run(Connection conn, List<TaoOp> ops) throws SQLException {
    return run(conn, ops, r -> {});
  }

  /**
   * As {@link #run(Connection, List)}, handing each result to {@code afterEachRead} as soon as it
   * is read (still inside the transaction), e.g. to remember versions for a later VERSION_MATCH.
   */
  public List<TaoReadResult> run(
      Connection conn, List<TaoOp> ops, Consumer<TaoReadResult> afterEachRead) throws SQLException {
    List<TaoOp.ReadOp> reads = new ArrayList<>(ops.size());
    for (TaoOp op : ops) {
      if (!(op instanceof TaoOp.ReadOp read)) {
        throw new IllegalArgumentException("ReadTxn got the write " + op);
      }
      reads.add(read);
    }
    if (dialect == null) {
      dialect = SqlDialect.resolve(getDbType(), conn);
      oneRoundTrip = dialect.readsInOneRoundTrip(conn);
    }
    SqlDialect.ReadBracket bracket =
        conn.getAutoCommit() ? dialect.readTransactionInAutocommit() : null;
    if (oneRoundTrip && bracket != null) {
      return inAutocommit(conn, bracket, reads, afterEachRead);
    }
    if (conn.getAutoCommit()) {
      // one snapshot needs one transaction; the caller's commit ends it
      conn.setAutoCommit(false);
    }
    if (oneRoundTrip) {
      return TaoReads.readInOneRoundTrip(
          conn, statements, dialect.readSnapshotSql(conn), reads, afterEachRead);
    }
    TaoReads.beginReadSnapshot(conn, dialect);
    List<TaoReadResult> results = new ArrayList<>(ops.size());
    for (TaoOp.ReadOp op : reads) {
      TaoReadResult r = TaoReads.read(conn, statements, op);
      results.add(r);
      afterEachRead.accept(r);
    }
    return results;
  }

  /**
   * The whole transaction, begin and commit included, as one query on a connection that stays in
   * autocommit: one round trip where leaving autocommit would cost one more before and after.
   */
  private List<TaoReadResult> inAutocommit(
      Connection conn,
      SqlDialect.ReadBracket bracket,
      List<TaoOp.ReadOp> reads,
      Consumer<TaoReadResult> afterEachRead)
      throws SQLException {
    try {
      return TaoReads.readInOneRoundTrip(
          conn, statements, bracket.open(), reads, bracket.commit(), afterEachRead);
    } catch (SQLException | RuntimeException e) {
      // a failed statement stops the query there, and the transaction it opened is still open
      try (Statement st = conn.createStatement()) {
        st.execute(bracket.rollback());
      } catch (SQLException rollbackFailure) {
        e.addSuppressed(rollbackFailure);
      }
      throw e;
    }
  }
}
