package com.oltpbenchmark;

import java.lang.reflect.Method;
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
}
