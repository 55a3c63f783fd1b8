package com.oltpbenchmark.benchmarks.socialgraph;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Records the module's frames on the stack at every JDBC call that creates or runs a statement
 * through a wrapped connection: a place is one of the module's (main, not test) method frames, a
 * lambda counted as a frame of the method that wrote it; a file is the source file of a place.
 */
final class ModuleFramesAtJdbc {

  private static final String MODULE = "com.oltpbenchmark.benchmarks.socialgraph.";

  /** One module frame: its file (under the module's package) and its place ("Class.method"). */
  record Frame(String file, String place) {}

  /** The module frames of one JDBC call, outermost first. */
  record Call(String jdbcMethod, List<Frame> frames) {
    Set<String> files() {
      Set<String> files = new LinkedHashSet<>();
      frames.forEach(f -> files.add(f.file()));
      return files;
    }
  }

  private final List<Call> calls = new ArrayList<>();
  private final Map<String, Boolean> mainClass = new HashMap<>();
  private final URL mainClasses =
      SocialGraphWorker.class.getProtectionDomain().getCodeSource().getLocation();

  /** What was recorded since the last {@link #clear}. */
  List<Call> calls() {
    return List.copyOf(calls);
  }

  void clear() {
    calls.clear();
  }

  /** {@code real}, recording at every statement it creates and every statement it runs. */
  Connection wrap(Connection real) {
    return (Connection)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              String m = method.getName();
              boolean creates =
                  m.equals("prepareStatement")
                      || m.equals("prepareCall")
                      || m.equals("createStatement");
              if (creates) {
                record("Connection." + m);
              }
              Object result = invoke(real, method, args);
              if (creates) {
                return wrapStatement((Statement) result);
              }
              return result;
            });
  }

  private Statement wrapStatement(Statement real) {
    Class<?> face =
        real instanceof CallableStatement
            ? CallableStatement.class
            : real instanceof PreparedStatement ? PreparedStatement.class : Statement.class;
    return (Statement)
        Proxy.newProxyInstance(
            getClass().getClassLoader(),
            new Class<?>[] {face},
            (proxy, method, args) -> {
              if (method.getName().startsWith("execute")) {
                record(face.getSimpleName() + "." + method.getName());
              }
              return invoke(real, method, args);
            });
  }

  private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args)
      throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  private void record(String jdbcMethod) {
    StackTraceElement[] stack = Thread.currentThread().getStackTrace();
    List<Frame> frames = new ArrayList<>();
    for (int i = stack.length - 1; i >= 0; i--) {
      StackTraceElement e = stack[i];
      if (isModule(e.getClassName())) {
        frames.add(frame(e));
      }
    }
    calls.add(new Call(jdbcMethod, List.copyOf(frames)));
  }

  private boolean isModule(String className) {
    if (!className.startsWith(MODULE)) {
      return false;
    }
    return mainClass.computeIfAbsent(
        className,
        name -> {
          try {
            Class<?> c = Class.forName(name, false, getClass().getClassLoader());
            return mainClasses.equals(c.getProtectionDomain().getCodeSource().getLocation());
          } catch (ClassNotFoundException e) {
            return false; // a hidden class (a lambda's): its body is a frame of its own
          }
        });
  }

  private static Frame frame(StackTraceElement e) {
    String binary = e.getClassName().substring(MODULE.length());
    int dot = binary.lastIndexOf('.');
    String pkg = dot < 0 ? "" : binary.substring(0, dot + 1).replace('.', '/');
    String nested = binary.substring(dot + 1);
    String top = nested.contains("$") ? nested.substring(0, nested.indexOf('$')) : nested;
    String method = e.getMethodName();
    if (method.startsWith("lambda$")) {
      // lambda$<enclosing method>$<n>: named after the method that wrote it
      String[] parts = method.split("\\$");
      method = parts[1] + " (lambda)";
    }
    return new Frame(pkg + top + ".java", nested.replace('$', '.') + "." + method);
  }
}
