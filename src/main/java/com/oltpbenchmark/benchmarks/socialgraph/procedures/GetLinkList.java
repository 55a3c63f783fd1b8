package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * LinkBench GET_LINKS_LIST: a range scan of the visible links of (id1, linkType) with {@code
 * minTime <= time <= maxTime} (both inclusive), newest first, skipping {@code offset} and returning
 * at most {@code limit}. Equal times are ordered by id2 descending.
 */
public class GetLinkList extends Procedure {

  public final SQLStmt selectLinkRange = new SQLStmt(LinkSql.SELECT_LINK_RANGE);

  /** Returns the page; empty (never null, unlike LinkBench) when nothing matches. */
  public List<Link> run(
      Connection conn, long id1, long linkType, long minTime, long maxTime, int offset, int limit)
      throws SQLException {
    if (offset < 0 || limit < 0) {
      throw new IllegalArgumentException(
          "GetLinkList: offset and limit must be >= 0, got offset=" + offset + " limit=" + limit);
    }
    // most scans return a few rows: the list grows from nothing rather than from the limit
    List<Link> links = new ArrayList<>();
    try (StatementBinder.Open ps = StatementBinder.open(conn, selectLinkRange);
        ResultSet rs =
            ps.setLong(1, id1)
                .setLong(2, linkType)
                .setLong(3, minTime)
                .setLong(4, maxTime)
                .setInt(5, limit)
                .setInt(6, offset)
                .query()) {
      while (rs.next()) {
        links.add(LinkRows.read(rs));
      }
    }
    return links;
  }
}
