package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.ReadStatements;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.ReadUnion;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoReadResult;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoReads;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * TAOBench read_txn(keys): a group of reads in one read-only transaction that sees one snapshot.
 *
 * <p>On PostgreSQL and MySQL/MariaDB the reads are one SELECT ({@link ReadUnion}). Delivered in
 * autocommit ({@link Delivery}), that statement is the whole transaction: one statement reads one
 * snapshot. Delivered in a transaction, the snapshot statement goes first, so that the snapshot
 * also holds for whatever the transaction reads later: REPEATABLE READ, READ ONLY (READ ONLY alone
 * when a PostgreSQL connection is SERIALIZABLE), in the same round trip where the driver sends
 * several statements at once (PostgreSQL; MariaDB Connector/J with {@code allowMultiQueries=true}).
 *
 * <p>Elsewhere the reads are one statement each after the snapshot statement (SERIALIZABLE, READ
 * ONLY on CockroachDB; nothing on SQLite, whose transactions read one snapshot anyway), taken out
 * of autocommit first, since the reads need one transaction; the request pipeline commits. The
 * snapshot setting lasts for this transaction only, so the connection needs no restoring.
 */
public final class ReadTxn extends Procedure {

  public final SQLStmt selectNode = new SQLStmt(NodeSql.SELECT_NODE);
  public final SQLStmt selectLink = new SQLStmt(LinkSql.SELECT_LINK);
  public final SQLStmt selectLinkRange = new SQLStmt(LinkSql.SELECT_LINK_RANGE);
  public final SQLStmt selectCount = new SQLStmt(LinkSql.SELECT_COUNT);

  private final ReadStatements statements = StatementBundle.of(this, ReadStatements.class);

  public List<TaoReadResult> run(Connection conn, Delivery delivery, List<TaoOp> ops)
      throws SQLException {
    return run(conn, delivery, ops, r -> {});
  }

  /**
   * As {@link #run(Connection, Delivery, List)}, handing each result to {@code afterEachRead} once
   * it is read (still inside the transaction), e.g. to remember versions for a later VERSION_MATCH.
   */
  public List<TaoReadResult> run(
      Connection conn, Delivery delivery, List<TaoOp> ops, Consumer<TaoReadResult> afterEachRead)
      throws SQLException {
    List<TaoOp.ReadOp> reads = new ArrayList<>(ops.size());
    for (TaoOp op : ops) {
      if (!(op instanceof TaoOp.ReadOp read)) {
        throw new IllegalArgumentException("ReadTxn got the write " + op);
      }
      reads.add(read);
    }
    DatabaseFamily family = delivery.family();
    switch (delivery.readGroup()) {
      case ONE_STATEMENT:
        return ReadUnion.read(conn, family, null, reads, afterEachRead);
      case SNAPSHOT_AND_STATEMENT_IN_ONE_QUERY:
        return ReadUnion.read(conn, family, family.readSnapshotSql(conn), reads, afterEachRead);
      case SNAPSHOT_THEN_STATEMENT:
        TaoReads.beginReadSnapshot(conn, family);
        return ReadUnion.read(conn, family, null, reads, afterEachRead);
      default:
        break;
    }
    if (delivery.inAutocommit()) {
      // never so from the session, which delivers such a group in a transaction; a caller that
      // hands an autocommit delivery gets one transaction anyway, which its commit ends
      conn.setAutoCommit(false);
    }
    TaoReads.beginReadSnapshot(conn, family);
    List<TaoReadResult> results = new ArrayList<>(ops.size());
    for (TaoOp.ReadOp op : reads) {
      TaoReadResult r = TaoReads.read(conn, statements, op);
      results.add(r);
      afterEachRead.accept(r);
    }
    return results;
  }
}
