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
 * LinkBench MULTIGET_LINK: the links (id1, linkType, id2) for the given id2s, hidden ones included,
 * in no particular order. Missing links are simply absent from the result.
 */
public class GetLink extends Procedure {

  public final SQLStmt selectLinks =
      new SQLStmt(LinkSql.SELECT_LINKS_BY_ID2, LinkSql.MULTIGET_SLOTS);

  /** Whether {@link #run} reads {@code id2s} with one statement (one IN list holds them all). */
  public boolean isSingleStatement(long[] id2s) {
    return id2s.length <= LinkSql.MULTIGET_SLOTS;
  }

  /** Returns the existing links among {@code id2s}; empty (never null) when none exist. */
  public List<Link> run(Connection conn, long id1, long linkType, long[] id2s) throws SQLException {
    List<Link> found = new ArrayList<>(id2s.length);
    int slots = LinkSql.MULTIGET_SLOTS;
    for (int from = 0; from < id2s.length; from += slots) {
      int to = Math.min(id2s.length, from + slots);
      try (StatementBinder.Open ps = StatementBinder.open(conn, selectLinks)) {
        ps.setLong(1, id1).setLong(2, linkType);
        for (int slot = 0; slot < slots; slot++) {
          // pad with the chunk's last id: a repeated IN value matches nothing new
          ps.setLong(3 + slot, id2s[Math.min(from + slot, to - 1)]);
        }
        try (ResultSet rs = ps.query()) {
          while (rs.next()) {
            found.add(LinkRows.read(rs));
          }
        }
      }
    }
    return found;
  }
}
