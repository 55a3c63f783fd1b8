package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import java.sql.ResultSet;
import java.sql.SQLException;

/** Reading links from the result sets of the link SELECTs of {@link LinkSql}. */
public final class LinkRows {

  private LinkRows() {}

  /** The link in the current row of a SELECT of {@link LinkSql#LINK_COLUMNS}. */
  public static Link read(ResultSet rs) throws SQLException {
    return new Link(
        rs.getLong(1),
        rs.getLong(3),
        rs.getLong(2),
        rs.getInt(4),
        NodeRows.payload(rs, 5),
        rs.getInt(7),
        rs.getLong(6));
  }

  /**
   * The link (id1, linkType, id2) from the current row of {@link LinkSql#SELECT_LINK_FOR_UPDATE},
   * which returns only the mutable columns.
   */
  static Link readLocked(ResultSet rs, long id1, long linkType, long id2) throws SQLException {
    return new Link(
        id1, linkType, id2, rs.getInt(1), NodeRows.payload(rs, 2), rs.getInt(4), rs.getLong(3));
  }
}
