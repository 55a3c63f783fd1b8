package com.oltpbenchmark.benchmarks.socialgraph;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A JDBC connection that runs nothing: it keeps every statement the module executes on it, in
 * order, and answers each from a script, so that what a request sends can be listed for any
 * database and driver without one. It answers as the named driver would be asked (driver name, URL,
 * product name, isolation level).
 */
final class ScriptedConnection {

  /** What a statement returns: rows (a query) or an update count. */
  record Answer(List<Object[]> rows, int updateCount) {
    static Answer returning(Object[]... rows) {
      return new Answer(List.of(rows), -1);
    }

    static Answer updated(int count) {
      return new Answer(null, count);
    }
  }

  private final String driverName;
  private final String url;
  private final String product;
  private final int isolation;
  private final Function<String, Answer> script;
  private final List<String> executed = new ArrayList<>();
  private boolean autoCommit;

  /**
   * @param script the answer to each executed SQL text (a prepared statement's, or a plain
   *     statement's whole text)
   */
  ScriptedConnection(
      String driverName,
      String url,
      String product,
      int isolation,
      Function<String, Answer> script) {
    this.driverName = driverName;
    this.url = url;
    this.product = product;
    this.isolation = isolation;
    this.script = script;
  }

  /** The SQL executed so far, in order. */
  List<String> executed() {
    return List.copyOf(executed);
  }

  Connection connection() {
    DatabaseMetaData meta =
        proxy(
            DatabaseMetaData.class,
            (name, args) ->
                switch (name) {
                  case "getDriverName" -> driverName;
                  case "getURL" -> url;
                  case "getDatabaseProductName" -> product;
                  default -> unsupported(name);
                });
    return proxy(
        Connection.class,
        (name, args) ->
            switch (name) {
              case "getMetaData" -> meta;
              case "prepareStatement" -> prepared((String) args[0]);
              case "createStatement" -> plain();
              case "getAutoCommit" -> autoCommit;
              case "setAutoCommit" -> {
                autoCommit = (Boolean) args[0];
                yield null;
              }
              case "getTransactionIsolation" -> isolation;
              case "isClosed" -> false;
              default -> unsupported(name);
            });
  }

  private PreparedStatement prepared(String sql) {
    Answer[] last = new Answer[1];
    return proxy(
        PreparedStatement.class,
        (name, args) -> {
          if (name.startsWith("set")) {
            return null;
          }
          switch (name) {
            case "executeQuery":
              {
                // a statement that is not a SELECT may return rows (UPDATE ... RETURNING)
                List<Object[]> rows = execute(sql, last).rows();
                return resultSet(rows != null ? rows : List.of());
              }
            case "executeUpdate":
              {
                Answer a = execute(sql, last);
                return a.rows() != null ? a.rows().size() : a.updateCount();
              }
            case "execute":
              return execute(sql, last).rows() != null;
            case "getResultSet":
              return resultSet(last[0].rows());
            case "getUpdateCount":
              return last[0].updateCount();
            case "getMoreResults":
              return false;
            case "getGeneratedKeys":
              return resultSet(List.<Object[]>of(new Object[] {100_001L}));
            case "isClosed":
              return false;
            case "close":
              return null;
            default:
              return unsupported(name);
          }
        });
  }

  /** A plain statement: its text's last part a query ({@code SELECT}/{@code (SELECT}) or not. */
  private Statement plain() {
    List<Object> results = new ArrayList<>();
    return proxy(
        Statement.class,
        (name, args) -> {
          switch (name) {
            case "setEscapeProcessing":
              // the module turns it off (StatementBinder.plain); the text is recorded as sent
              return null;
            case "execute":
              {
                String sql = (String) args[0];
                executed.add(sql);
                results.clear();
                String[] parts = sql.split(";\n");
                for (int i = 0; i < parts.length - 1; i++) {
                  results.add(0);
                }
                Answer answer = script.apply(sql);
                results.add(answer.rows() != null ? answer.rows() : (Object) answer.updateCount());
                return results.get(0) instanceof List;
              }
            case "getResultSet":
              {
                @SuppressWarnings("unchecked")
                List<Object[]> rows = (List<Object[]>) results.get(0);
                return resultSet(rows);
              }
            case "getUpdateCount":
              return results.isEmpty() || results.get(0) instanceof List
                  ? -1
                  : (Integer) results.get(0);
            case "getMoreResults":
              if (!results.isEmpty()) {
                results.remove(0);
              }
              return !results.isEmpty() && results.get(0) instanceof List;
            case "close":
              return null;
            default:
              return unsupported(name);
          }
        });
  }

  private Answer execute(String sql, Answer[] last) {
    executed.add(sql);
    last[0] = script.apply(sql);
    return last[0];
  }

  private ResultSet resultSet(List<Object[]> rows) {
    int[] at = {-1};
    return proxy(
        ResultSet.class,
        (name, args) -> {
          switch (name) {
            case "next":
              return ++at[0] < rows.size();
            case "getLong":
              return ((Number) column(rows, at, args)).longValue();
            case "getInt":
              return ((Number) column(rows, at, args)).intValue();
            case "getBytes":
              return (byte[]) column(rows, at, args);
            case "getString":
              return String.valueOf(column(rows, at, args));
            case "wasNull":
              return false;
            case "close":
              return null;
            default:
              return unsupported(name);
          }
        });
  }

  private static Object column(List<Object[]> rows, int[] at, Object[] args) {
    return rows.get(at[0])[(Integer) args[0] - 1];
  }

  private interface Handler {
    Object handle(String method, Object[] args) throws Exception;
  }

  private static <T> T proxy(Class<T> type, Handler handler) {
    return type.cast(
        Proxy.newProxyInstance(
            ScriptedConnection.class.getClassLoader(),
            new Class<?>[] {type},
            (self, method, args) ->
                switch (method.getName()) {
                  case "hashCode" -> System.identityHashCode(self);
                  case "equals" -> self == args[0];
                  case "toString" -> type.getSimpleName() + "@scripted";
                  default -> handler.handle(method.getName(), args);
                }));
  }

  private static Object unsupported(String method) {
    throw new UnsupportedOperationException(method + " is not scripted");
  }
}
