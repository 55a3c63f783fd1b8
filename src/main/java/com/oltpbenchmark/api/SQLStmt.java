package com.oltpbenchmark.api;

/**
 * One SQL statement of a {@link Procedure}. Each {@code ??} marker is expanded to a list of {@code
 * n} parameter markers, with the counts fixed at construction so that dialect overrides get the
 * same expansion.
 */
public final class SQLStmt {
  private final int[] substitutions;
  private String originalSql;
  private String sql;

  public SQLStmt(String sql, int... substitutions) {
    this.substitutions = substitutions == null ? new int[0] : substitutions.clone();
    setSQL(sql);
  }

  public final void setSQL(String sql) {
    this.originalSql = sql.trim();
    String expanded = sql;
    for (int count : substitutions) {
      int at = expanded.indexOf("??");
      if (at < 0) {
        break;
      }
      StringBuilder markers = new StringBuilder();
      for (int i = 0; i < count; i++) {
        if (i > 0) {
          markers.append(", ");
        }
        markers.append('?');
      }
      expanded = expanded.substring(0, at) + markers + expanded.substring(at + 2);
    }
    this.sql = expanded;
  }

  public final String getSQL() {
    return sql;
  }

  protected final String getOriginalSQL() {
    return originalSql;
  }

  @Override
  public String toString() {
    return "SQLStmt{" + sql + "}";
  }
}
