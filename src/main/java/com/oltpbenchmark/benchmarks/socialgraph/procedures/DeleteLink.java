package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * LinkBench DELETE_LINK: hide a link ({@code expunge=false}, what the request phase does) or delete
 * its row ({@code expunge=true}). The count drops only when a visible link goes away.
 */
public final class DeleteLink extends Procedure {

  public final SQLStmt selectLinkForUpdate = new SQLStmt(LinkSql.SELECT_LINK_FOR_UPDATE);
  public final SQLStmt hideLink = new SQLStmt(LinkSql.HIDE_LINK);
  public final SQLStmt deleteLink = new SQLStmt(LinkSql.DELETE_LINK);
  public final SQLStmt addToCount = new SQLStmt(LinkSql.ADD_TO_COUNT);

  private final LinkWriter.Statements stmts = StatementBundle.of(this, LinkWriter.Statements.class);

  /**
   * Returns whether the link existed (visible or hidden); its routine's call or step by step, as
   * {@link Delivery#oneWrite} says.
   */
  public boolean run(
      Connection conn, Delivery delivery, long id1, long linkType, long id2, boolean expunge)
      throws SQLException {
    return delivery.oneWrite() == WriteSql.STEPS
        ? LinkWriter.remove(conn, stmts, id1, linkType, id2, expunge)
        : delivery.routines().removeLink(conn, id1, linkType, id2, expunge);
  }
}
