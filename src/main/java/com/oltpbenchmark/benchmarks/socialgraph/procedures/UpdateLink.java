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
  private ServerWriteRoutines routines;

  /** Sends each write as one call of a server routine from now on (null: step by step). */
  public void useServerRoutines(ServerWriteRoutines routines) {
    this.routines = routines;
  }

  public LinkWriteResult run(Connection conn, Link link) throws SQLException {
    return routines != null
        ? routines.writeLink(conn, link, false)
        : LinkWriter.upsert(conn, stmts, link, false);
  }
}
