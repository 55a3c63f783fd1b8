package com.oltpbenchmark.jdbc;

import com.oltpbenchmark.types.DatabaseType;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * A PreparedStatement whose generated keys are the statement's own result set: on databases that
 * return new keys through {@code RETURNING} / {@code OUTPUT} rather than through the driver's
 * generated-keys support. Everything else is delegated.
 *
 * <p>socialgraph does not use it; it stays because it is upstream BenchBase's API: {@code
 * Procedure#getPreparedStatementReturnKeys} returns it on PostgreSQL, CockroachDB and SQL Server,
 * and a module written for upstream may rely on that.
 */
@SuppressWarnings("deprecation")
public class AutoIncrementPreparedStatement implements PreparedStatement {
  private final DatabaseType dbType;
  private final PreparedStatement stmt;

  public AutoIncrementPreparedStatement(DatabaseType dbType, PreparedStatement stmt) {
    this.dbType = dbType;
    this.stmt = stmt;
  }

  public DatabaseType getDatabaseType() {
    return dbType;
  }

  @Override
  public ResultSet getGeneratedKeys() throws SQLException {
    return stmt.getResultSet();
  }

  @Override
  public void addBatch() throws SQLException {
    stmt.addBatch();
  }

  @Override
  public void addBatch(java.lang.String a0) throws SQLException {
    stmt.addBatch(a0);
  }

  @Override
  public void cancel() throws SQLException {
    stmt.cancel();
  }

  @Override
  public void clearBatch() throws SQLException {
    stmt.clearBatch();
  }

  @Override
  public void clearParameters() throws SQLException {
    stmt.clearParameters();
  }

  @Override
  public void clearWarnings() throws SQLException {
    stmt.clearWarnings();
  }

  @Override
  public void close() throws SQLException {
    stmt.close();
  }

  @Override
  public void closeOnCompletion() throws SQLException {
    stmt.closeOnCompletion();
  }

  @Override
  public java.lang.String enquoteIdentifier(java.lang.String a0, boolean a1) throws SQLException {
    return stmt.enquoteIdentifier(a0, a1);
  }

  @Override
  public java.lang.String enquoteLiteral(java.lang.String a0) throws SQLException {
    return stmt.enquoteLiteral(a0);
  }

  @Override
  public java.lang.String enquoteNCharLiteral(java.lang.String a0) throws SQLException {
    return stmt.enquoteNCharLiteral(a0);
  }

  @Override
  public boolean execute() throws SQLException {
    return stmt.execute();
  }

  @Override
  public boolean execute(java.lang.String a0, int[] a1) throws SQLException {
    return stmt.execute(a0, a1);
  }

  @Override
  public boolean execute(java.lang.String a0, java.lang.String[] a1) throws SQLException {
    return stmt.execute(a0, a1);
  }

  @Override
  public boolean execute(java.lang.String a0, int a1) throws SQLException {
    return stmt.execute(a0, a1);
  }

  @Override
  public boolean execute(java.lang.String a0) throws SQLException {
    return stmt.execute(a0);
  }

  @Override
  public int[] executeBatch() throws SQLException {
    return stmt.executeBatch();
  }

  @Override
  public long[] executeLargeBatch() throws SQLException {
    return stmt.executeLargeBatch();
  }

  @Override
  public long executeLargeUpdate() throws SQLException {
    return stmt.executeLargeUpdate();
  }

  @Override
  public long executeLargeUpdate(java.lang.String a0, int[] a1) throws SQLException {
    return stmt.executeLargeUpdate(a0, a1);
  }

  @Override
  public long executeLargeUpdate(java.lang.String a0, java.lang.String[] a1) throws SQLException {
    return stmt.executeLargeUpdate(a0, a1);
  }

  @Override
  public long executeLargeUpdate(java.lang.String a0, int a1) throws SQLException {
    return stmt.executeLargeUpdate(a0, a1);
  }

  @Override
  public long executeLargeUpdate(java.lang.String a0) throws SQLException {
    return stmt.executeLargeUpdate(a0);
  }

  @Override
  public java.sql.ResultSet executeQuery() throws SQLException {
    return stmt.executeQuery();
  }

  @Override
  public java.sql.ResultSet executeQuery(java.lang.String a0) throws SQLException {
    return stmt.executeQuery(a0);
  }

  @Override
  public int executeUpdate() throws SQLException {
    return stmt.executeUpdate();
  }

  @Override
  public int executeUpdate(java.lang.String a0, int[] a1) throws SQLException {
    return stmt.executeUpdate(a0, a1);
  }

  @Override
  public int executeUpdate(java.lang.String a0, java.lang.String[] a1) throws SQLException {
    return stmt.executeUpdate(a0, a1);
  }

  @Override
  public int executeUpdate(java.lang.String a0, int a1) throws SQLException {
    return stmt.executeUpdate(a0, a1);
  }

  @Override
  public int executeUpdate(java.lang.String a0) throws SQLException {
    return stmt.executeUpdate(a0);
  }

  @Override
  public java.sql.Connection getConnection() throws SQLException {
    return stmt.getConnection();
  }

  @Override
  public int getFetchDirection() throws SQLException {
    return stmt.getFetchDirection();
  }

  @Override
  public int getFetchSize() throws SQLException {
    return stmt.getFetchSize();
  }

  @Override
  public long getLargeMaxRows() throws SQLException {
    return stmt.getLargeMaxRows();
  }

  @Override
  public long getLargeUpdateCount() throws SQLException {
    return stmt.getLargeUpdateCount();
  }

  @Override
  public int getMaxFieldSize() throws SQLException {
    return stmt.getMaxFieldSize();
  }

  @Override
  public int getMaxRows() throws SQLException {
    return stmt.getMaxRows();
  }

  @Override
  public java.sql.ResultSetMetaData getMetaData() throws SQLException {
    return stmt.getMetaData();
  }

  @Override
  public boolean getMoreResults() throws SQLException {
    return stmt.getMoreResults();
  }

  @Override
  public boolean getMoreResults(int a0) throws SQLException {
    return stmt.getMoreResults(a0);
  }

  @Override
  public java.sql.ParameterMetaData getParameterMetaData() throws SQLException {
    return stmt.getParameterMetaData();
  }

  @Override
  public int getQueryTimeout() throws SQLException {
    return stmt.getQueryTimeout();
  }

  @Override
  public java.sql.ResultSet getResultSet() throws SQLException {
    return stmt.getResultSet();
  }

  @Override
  public int getResultSetConcurrency() throws SQLException {
    return stmt.getResultSetConcurrency();
  }

  @Override
  public int getResultSetHoldability() throws SQLException {
    return stmt.getResultSetHoldability();
  }

  @Override
  public int getResultSetType() throws SQLException {
    return stmt.getResultSetType();
  }

  @Override
  public int getUpdateCount() throws SQLException {
    return stmt.getUpdateCount();
  }

  @Override
  public java.sql.SQLWarning getWarnings() throws SQLException {
    return stmt.getWarnings();
  }

  @Override
  public boolean isCloseOnCompletion() throws SQLException {
    return stmt.isCloseOnCompletion();
  }

  @Override
  public boolean isClosed() throws SQLException {
    return stmt.isClosed();
  }

  @Override
  public boolean isPoolable() throws SQLException {
    return stmt.isPoolable();
  }

  @Override
  public boolean isSimpleIdentifier(java.lang.String a0) throws SQLException {
    return stmt.isSimpleIdentifier(a0);
  }

  @Override
  public boolean isWrapperFor(java.lang.Class<?> a0) throws SQLException {
    return stmt.isWrapperFor(a0);
  }

  @Override
  public void setArray(int a0, java.sql.Array a1) throws SQLException {
    stmt.setArray(a0, a1);
  }

  @Override
  public void setAsciiStream(int a0, java.io.InputStream a1, int a2) throws SQLException {
    stmt.setAsciiStream(a0, a1, a2);
  }

  @Override
  public void setAsciiStream(int a0, java.io.InputStream a1, long a2) throws SQLException {
    stmt.setAsciiStream(a0, a1, a2);
  }

  @Override
  public void setAsciiStream(int a0, java.io.InputStream a1) throws SQLException {
    stmt.setAsciiStream(a0, a1);
  }

  @Override
  public void setBigDecimal(int a0, java.math.BigDecimal a1) throws SQLException {
    stmt.setBigDecimal(a0, a1);
  }

  @Override
  public void setBinaryStream(int a0, java.io.InputStream a1, int a2) throws SQLException {
    stmt.setBinaryStream(a0, a1, a2);
  }

  @Override
  public void setBinaryStream(int a0, java.io.InputStream a1, long a2) throws SQLException {
    stmt.setBinaryStream(a0, a1, a2);
  }

  @Override
  public void setBinaryStream(int a0, java.io.InputStream a1) throws SQLException {
    stmt.setBinaryStream(a0, a1);
  }

  @Override
  public void setBlob(int a0, java.io.InputStream a1, long a2) throws SQLException {
    stmt.setBlob(a0, a1, a2);
  }

  @Override
  public void setBlob(int a0, java.io.InputStream a1) throws SQLException {
    stmt.setBlob(a0, a1);
  }

  @Override
  public void setBlob(int a0, java.sql.Blob a1) throws SQLException {
    stmt.setBlob(a0, a1);
  }

  @Override
  public void setBoolean(int a0, boolean a1) throws SQLException {
    stmt.setBoolean(a0, a1);
  }

  @Override
  public void setByte(int a0, byte a1) throws SQLException {
    stmt.setByte(a0, a1);
  }

  @Override
  public void setBytes(int a0, byte[] a1) throws SQLException {
    stmt.setBytes(a0, a1);
  }

  @Override
  public void setCharacterStream(int a0, java.io.Reader a1, int a2) throws SQLException {
    stmt.setCharacterStream(a0, a1, a2);
  }

  @Override
  public void setCharacterStream(int a0, java.io.Reader a1, long a2) throws SQLException {
    stmt.setCharacterStream(a0, a1, a2);
  }

  @Override
  public void setCharacterStream(int a0, java.io.Reader a1) throws SQLException {
    stmt.setCharacterStream(a0, a1);
  }

  @Override
  public void setClob(int a0, java.io.Reader a1, long a2) throws SQLException {
    stmt.setClob(a0, a1, a2);
  }

  @Override
  public void setClob(int a0, java.io.Reader a1) throws SQLException {
    stmt.setClob(a0, a1);
  }

  @Override
  public void setClob(int a0, java.sql.Clob a1) throws SQLException {
    stmt.setClob(a0, a1);
  }

  @Override
  public void setCursorName(java.lang.String a0) throws SQLException {
    stmt.setCursorName(a0);
  }

  @Override
  public void setDate(int a0, java.sql.Date a1, java.util.Calendar a2) throws SQLException {
    stmt.setDate(a0, a1, a2);
  }

  @Override
  public void setDate(int a0, java.sql.Date a1) throws SQLException {
    stmt.setDate(a0, a1);
  }

  @Override
  public void setDouble(int a0, double a1) throws SQLException {
    stmt.setDouble(a0, a1);
  }

  @Override
  public void setEscapeProcessing(boolean a0) throws SQLException {
    stmt.setEscapeProcessing(a0);
  }

  @Override
  public void setFetchDirection(int a0) throws SQLException {
    stmt.setFetchDirection(a0);
  }

  @Override
  public void setFetchSize(int a0) throws SQLException {
    stmt.setFetchSize(a0);
  }

  @Override
  public void setFloat(int a0, float a1) throws SQLException {
    stmt.setFloat(a0, a1);
  }

  @Override
  public void setInt(int a0, int a1) throws SQLException {
    stmt.setInt(a0, a1);
  }

  @Override
  public void setLargeMaxRows(long a0) throws SQLException {
    stmt.setLargeMaxRows(a0);
  }

  @Override
  public void setLong(int a0, long a1) throws SQLException {
    stmt.setLong(a0, a1);
  }

  @Override
  public void setMaxFieldSize(int a0) throws SQLException {
    stmt.setMaxFieldSize(a0);
  }

  @Override
  public void setMaxRows(int a0) throws SQLException {
    stmt.setMaxRows(a0);
  }

  @Override
  public void setNCharacterStream(int a0, java.io.Reader a1, long a2) throws SQLException {
    stmt.setNCharacterStream(a0, a1, a2);
  }

  @Override
  public void setNCharacterStream(int a0, java.io.Reader a1) throws SQLException {
    stmt.setNCharacterStream(a0, a1);
  }

  @Override
  public void setNClob(int a0, java.io.Reader a1, long a2) throws SQLException {
    stmt.setNClob(a0, a1, a2);
  }

  @Override
  public void setNClob(int a0, java.io.Reader a1) throws SQLException {
    stmt.setNClob(a0, a1);
  }

  @Override
  public void setNClob(int a0, java.sql.NClob a1) throws SQLException {
    stmt.setNClob(a0, a1);
  }

  @Override
  public void setNString(int a0, java.lang.String a1) throws SQLException {
    stmt.setNString(a0, a1);
  }

  @Override
  public void setNull(int a0, int a1, java.lang.String a2) throws SQLException {
    stmt.setNull(a0, a1, a2);
  }

  @Override
  public void setNull(int a0, int a1) throws SQLException {
    stmt.setNull(a0, a1);
  }

  @Override
  public void setObject(int a0, java.lang.Object a1, int a2, int a3) throws SQLException {
    stmt.setObject(a0, a1, a2, a3);
  }

  @Override
  public void setObject(int a0, java.lang.Object a1, int a2) throws SQLException {
    stmt.setObject(a0, a1, a2);
  }

  @Override
  public void setObject(int a0, java.lang.Object a1, java.sql.SQLType a2, int a3)
      throws SQLException {
    stmt.setObject(a0, a1, a2, a3);
  }

  @Override
  public void setObject(int a0, java.lang.Object a1, java.sql.SQLType a2) throws SQLException {
    stmt.setObject(a0, a1, a2);
  }

  @Override
  public void setObject(int a0, java.lang.Object a1) throws SQLException {
    stmt.setObject(a0, a1);
  }

  @Override
  public void setPoolable(boolean a0) throws SQLException {
    stmt.setPoolable(a0);
  }

  @Override
  public void setQueryTimeout(int a0) throws SQLException {
    stmt.setQueryTimeout(a0);
  }

  @Override
  public void setRef(int a0, java.sql.Ref a1) throws SQLException {
    stmt.setRef(a0, a1);
  }

  @Override
  public void setRowId(int a0, java.sql.RowId a1) throws SQLException {
    stmt.setRowId(a0, a1);
  }

  @Override
  public void setSQLXML(int a0, java.sql.SQLXML a1) throws SQLException {
    stmt.setSQLXML(a0, a1);
  }

  @Override
  public void setShort(int a0, short a1) throws SQLException {
    stmt.setShort(a0, a1);
  }

  @Override
  public void setString(int a0, java.lang.String a1) throws SQLException {
    stmt.setString(a0, a1);
  }

  @Override
  public void setTime(int a0, java.sql.Time a1, java.util.Calendar a2) throws SQLException {
    stmt.setTime(a0, a1, a2);
  }

  @Override
  public void setTime(int a0, java.sql.Time a1) throws SQLException {
    stmt.setTime(a0, a1);
  }

  @Override
  public void setTimestamp(int a0, java.sql.Timestamp a1, java.util.Calendar a2)
      throws SQLException {
    stmt.setTimestamp(a0, a1, a2);
  }

  @Override
  public void setTimestamp(int a0, java.sql.Timestamp a1) throws SQLException {
    stmt.setTimestamp(a0, a1);
  }

  @Override
  public void setURL(int a0, java.net.URL a1) throws SQLException {
    stmt.setURL(a0, a1);
  }

  @Override
  @Deprecated
  public void setUnicodeStream(int a0, java.io.InputStream a1, int a2) throws SQLException {
    stmt.setUnicodeStream(a0, a1, a2);
  }

  @Override
  public <T> T unwrap(java.lang.Class<T> a0) throws SQLException {
    return stmt.unwrap(a0);
  }
}
