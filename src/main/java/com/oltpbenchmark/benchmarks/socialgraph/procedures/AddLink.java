package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.LinkWriteResult;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * LinkBench ADD_LINK: insert a link, or overwrite every field of an existing one, and keep the
 * count of visible links exact (see {@link LinkWriter}). Steps in the caller's transaction, or one
 * server routine call ({@link Delivery}).
 */
public final class AddLink extends Procedure {

  public final SQLStmt selectLinkForUpdate = new SQLStmt(LinkSql.SELECT_LINK_FOR_UPDATE);
  public final SQLStmt insertLinkIfAbsent = new SQLStmt(LinkSql.INSERT_LINK_IF_ABSENT);
  public final SQLStmt updateLink = new SQLStmt(LinkSql.UPDATE_LINK);
  public final SQLStmt addToCount = new SQLStmt(LinkSql.ADD_TO_COUNT);

  private final LinkWriter.Statements stmts = StatementBundle.of(this, LinkWriter.Statements.class);

  /** Inserts first: the links LinkBench adds are mostly new. */
  public LinkWriteResult run(Connection conn, Delivery delivery, Link link) throws SQLException {
    return LinkWriter.write(conn, delivery, stmts, link, true);
  }
}
