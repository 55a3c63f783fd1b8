package com.oltpbenchmark.testutil;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A connection that remembers the SQL of every statement prepared on it, for tests. */
public final class PreparedSqlLog {

  private final List<String> prepared = new CopyOnWriteArrayList<>();

  /** The SQL texts prepared through {@link #wrap} connections, oldest first. */
  public List<String> prepared() {
    return List.copyOf(prepared);
  }

  public void clear() {
    prepared.clear();
  }

  /** {@code conn}, recording what {@code prepareStatement} and {@code prepareCall} are given. */
  public Connection wrap(Connection conn) {
    return (Connection)
        Proxy.newProxyInstance(
            PreparedSqlLog.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              if ((method.getName().equals("prepareStatement")
                      || method.getName().equals("prepareCall"))
                  && args != null
                  && args[0] instanceof String sql) {
                prepared.add(sql);
              }
              try {
                return method.invoke(conn, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }
}
