package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;

/** LinkBench COUNT_LINK: the number of visible links of (id1, linkType), read from counttable. */
public class CountLink extends Procedure {

  public final SQLStmt selectCount = new SQLStmt(LinkSql.SELECT_COUNT);

  /** Returns the count, 0 when (id1, linkType) has no count row. */
  public long run(Connection conn, long id1, long linkType) throws SQLException {
    try (StatementBinder.Open ps = StatementBinder.open(conn, selectCount);
        ResultSet rs = ps.setLong(1, id1).setLong(2, linkType).query()) {
      return rs.next() ? rs.getLong(1) : 0L;
    }
  }
}
