package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.LinkWriteResult;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * LinkBench UPDATE_LINK: overwrite every field of a link, inserting it when it does not exist, and
 * keep the count of visible links exact (see {@link LinkWriter}).
 *
 * <p>Its own transaction type (LinkBench bug #3: FB's request loop ran addLink for updates, so
 * updates were counted as adds). The effect on the data is the same as {@link AddLink}'s, as in
 * LinkBench; the difference is the expected case: the link usually exists, so it is locked first
 * instead of inserted first.
 */
public final class UpdateLink extends Procedure {

  public final SQLStmt selectLinkForUpdate = new SQLStmt(LinkSql.SELECT_LINK_FOR_UPDATE);
  public final SQLStmt insertLinkIfAbsent = new SQLStmt(LinkSql.INSERT_LINK_IF_ABSENT);
  public final SQLStmt updateLink = new SQLStmt(LinkSql.UPDATE_LINK);
  public final SQLStmt addToCount = new SQLStmt(LinkSql.ADD_TO_COUNT);

  private final LinkWriter.Statements stmts = StatementBundle.of(this, LinkWriter.Statements.class);

  public LinkWriteResult run(Connection conn, Delivery delivery, Link link) throws SQLException {
    return LinkWriter.write(conn, delivery, stmts, link, false);
  }
}
