package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.sql.Connection;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place the runtime reaches optional module capabilities: public methods with JDK-only
 * signatures on the module's BenchmarkModule subclass, found by reflection, so a module compiles
 * unchanged inside upstream BenchBase (which never calls them).
 */
public final class ModuleHooks {
  private static final Logger LOG = LoggerFactory.getLogger(ModuleHooks.class);

  private ModuleHooks() {}

  /**
   * {@code public Map<String, Object> workloadFidelity()}: what the module's generators drew
   * against what was configured (values: numbers, strings, booleans, lists and nested maps). Empty
   * when the module has no such method or it fails (a report section must not fail the run).
   */
  public static Map<String, Object> workloadFidelity(Object module) {
    Object result = call(module, "workloadFidelity");
    if (!(result instanceof Map<?, ?> raw)) {
      return Map.of();
    }
    Map<String, Object> m = new LinkedHashMap<>();
    raw.forEach((k, v) -> m.put(String.valueOf(k), v));
    return m;
  }

  /**
   * {@code public Map<String, Object> readAnomaliesSummary()}: what the module's online read checks
   * counted (the summary's {@code Anomalies}); empty when the module has none, they were off, or
   * the call fails.
   */
  public static Map<String, Object> readAnomalies(Object module) {
    Object result = call(module, "readAnomaliesSummary");
    if (!(result instanceof Map<?, ?> raw)) {
      return Map.of();
    }
    Map<String, Object> m = new LinkedHashMap<>();
    raw.forEach((k, v) -> m.put(String.valueOf(k), v));
    return m;
  }

  /**
   * {@code public Map<String, Long> readAnomalyTotals()}: the online read checks' running totals,
   * read once per results window; empty when the module has none or the call fails.
   */
  public static Map<String, Long> readAnomalyTotals(Object module) {
    Object result = call(module, "readAnomalyTotals");
    if (!(result instanceof Map<?, ?> raw)) {
      return Map.of();
    }
    Map<String, Long> m = new LinkedHashMap<>();
    raw.forEach(
        (k, v) -> {
          if (v instanceof Number n) {
            m.put(String.valueOf(k), n.longValue());
          }
        });
    return m;
  }

  /**
   * {@code public String preflight(Connection, boolean checkGraph)}: why a run on this database
   * would be pointless (one line), or null; null also when the module has no such method.
   */
  public static String preflight(BenchmarkModule module, Connection conn, boolean checkGraph)
      throws Exception {
    Method m = find(module, "preflight", Connection.class, boolean.class);
    return m == null ? null : (String) invokeOrThrow(m, module, conn, checkGraph);
  }

  /** Whether the module can audit a database ({@code public String auditJson(Connection)}). */
  public static boolean audits(BenchmarkModule module) {
    return find(module, "auditJson", Connection.class) != null;
  }

  /** {@code public String auditJson(Connection)}: the audit document, or null without it. */
  public static String auditJson(BenchmarkModule module, Connection conn) throws Exception {
    Method m = find(module, "auditJson", Connection.class);
    return m == null ? null : (String) invokeOrThrow(m, module, conn);
  }

  /** {@code public String auditVerdict(String auditJson)}: the one-line console verdict. */
  public static String auditVerdict(BenchmarkModule module, String auditJson) throws Exception {
    Method m = find(module, "auditVerdict", String.class);
    return m == null ? null : (String) invokeOrThrow(m, module, auditJson);
  }

  /**
   * {@code public AutoCloseable lockForSetup()}: a lock the runtime holds from create through load,
   * so that a second create or load of the same database is refused before it touches anything;
   * null when the module has none. Its exception (a second setup, an unreachable database) reaches
   * the caller.
   */
  public static AutoCloseable lockForSetup(BenchmarkModule module) throws Exception {
    Method m = find(module, "lockForSetup");
    return m == null ? null : (AutoCloseable) invokeOrThrow(m, module);
  }

  private static Object call(Object module, String name) {
    Method method;
    try {
      method = module.getClass().getMethod(name);
    } catch (NoSuchMethodException e) {
      return null;
    }
    try {
      return method.invoke(module);
    } catch (ReflectiveOperationException | RuntimeException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      LOG.warn(
          "{}.{}() failed, its report section is left out: {}", module, name, cause.toString());
      return null;
    }
  }

  private static Method find(Object module, String name, Class<?>... params) {
    try {
      return module.getClass().getMethod(name, params);
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  /** Invokes a hook whose failure must reach the caller (the hook's own exception). */
  private static Object invokeOrThrow(Method m, Object target, Object... args) throws Exception {
    try {
      return m.invoke(target, args);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof Exception ex) {
        throw ex;
      }
      throw e;
    }
  }
}
