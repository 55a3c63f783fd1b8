package com.oltpbenchmark.api;

import com.oltpbenchmark.jdbc.AutoIncrementPreparedStatement;
import com.oltpbenchmark.types.DatabaseType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Base class of every transaction type. The simple class name is the transaction name; the public
 * non-static {@link SQLStmt} fields declared by the concrete class are its statements, which a
 * dialect file can override by field name.
 */
public abstract class Procedure {
  private final String procName;
  private DatabaseType dbType;
  private Map<String, SQLStmt> name_stmt_xref;

  protected Procedure() {
    this.procName = getClass().getSimpleName();
  }

  public DatabaseType getDbType() {
    return dbType;
  }

  @SuppressWarnings("unchecked")
  protected final <T extends Procedure> T initialize(DatabaseType dbType) {
    this.dbType = dbType;
    this.name_stmt_xref = getStatements(this);
    return (T) this;
  }

  protected final String getProcedureName() {
    return procName;
  }

  public final PreparedStatement getPreparedStatement(
      Connection conn, SQLStmt stmt, Object... params) throws SQLException {
    PreparedStatement ps = conn.prepareStatement(stmt.getSQL());
    if (params != null) {
      for (int i = 0; i < params.length; i++) {
        ps.setObject(i + 1, params[i]);
      }
    }
    return ps;
  }

  public final PreparedStatement getPreparedStatementReturnKeys(
      Connection conn, SQLStmt stmt, int[] is) throws SQLException {
    if (is == null) {
      return conn.prepareStatement(stmt.getSQL());
    }
    if (dbType == DatabaseType.POSTGRES
        || dbType == DatabaseType.COCKROACHDB
        || dbType == DatabaseType.SQLSERVER
        || dbType == DatabaseType.SQLAZURE) {
      // these return generated keys as the statement's own result set (RETURNING / OUTPUT)
      return new AutoIncrementPreparedStatement(dbType, conn.prepareStatement(stmt.getSQL()));
    }
    return conn.prepareStatement(stmt.getSQL(), is);
  }

  protected final void loadSQLDialect(StatementDialects dialects) {
    Collection<String> stmtNames = dialects.getStatementNames(procName);
    if (stmtNames == null) {
      return;
    }
    Map<String, SQLStmt> stmts = statementsOrDiscover();
    for (String stmtName : stmtNames) {
      SQLStmt stmt = stmts.get(stmtName);
      if (stmt == null) {
        throw new RuntimeException(
            "Dialect file contains an unknown statement: procedure "
                + procName
                + " has no public SQLStmt field named '"
                + stmtName
                + "' (dialect "
                + dialects.getSQLDialectPath(dialects.getDatabaseType())
                + ")");
      }
      stmt.setSQL(dialects.getSQL(procName, stmtName));
    }
  }

  protected final void enabledAdvancedMonitoring() {
    for (Map.Entry<String, SQLStmt> e : statementsOrDiscover().entrySet()) {
      SQLStmt stmt = e.getValue();
      stmt.setSQL("/* MONITOR-" + e.getKey() + " */ " + stmt.getOriginalSQL());
    }
  }

  private Map<String, SQLStmt> statementsOrDiscover() {
    if (name_stmt_xref == null) {
      name_stmt_xref = getStatements(this);
    }
    return name_stmt_xref;
  }

  protected final Map<String, SQLStmt> getStatements() {
    return Collections.unmodifiableMap(statementsOrDiscover());
  }

  protected static Map<String, SQLStmt> getStatements(Procedure proc) {
    Map<String, SQLStmt> stmts = new LinkedHashMap<>();
    for (Field f : proc.getClass().getDeclaredFields()) {
      int mods = f.getModifiers();
      if (!Modifier.isPublic(mods) || Modifier.isStatic(mods) || Modifier.isTransient(mods)) {
        continue;
      }
      if (!SQLStmt.class.isAssignableFrom(f.getType())) {
        continue;
      }
      try {
        Object value = f.get(proc);
        if (value instanceof SQLStmt) {
          stmts.put(f.getName(), (SQLStmt) value);
        }
      } catch (IllegalAccessException e) {
        throw new RuntimeException(
            "cannot read SQLStmt field " + f.getName() + " of " + proc.getClass().getName(), e);
      }
    }
    return stmts;
  }

  @Override
  public String toString() {
    return procName;
  }

  /** An intentional abort: rolled back, counted as USER_ABORTED, never retried. */
  public static class UserAbortException extends RuntimeException {
    private static final long serialVersionUID = -1L;

    public UserAbortException(String msg, Throwable ex) {
      super(msg, ex);
    }

    public UserAbortException(String msg) {
      this(msg, null);
    }
  }
}
