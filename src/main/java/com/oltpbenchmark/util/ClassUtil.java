package com.oltpbenchmark.util;

import java.lang.reflect.Constructor;

public abstract class ClassUtil {

  @SuppressWarnings("unchecked")
  public static <T> T newInstance(String class_name, Object[] params, Class<?>[] classes) {
    return (T) newInstance(getClass(class_name), params, classes);
  }

  public static <T> T newInstance(Class<T> target_class, Object[] params, Class<?>[] classes) {
    try {
      Constructor<T> c = target_class.getConstructor(classes);
      return c.newInstance(params);
    } catch (ReflectiveOperationException ex) {
      Throwable cause = ex.getCause() != null ? ex.getCause() : ex;
      throw new RuntimeException(
          "Failed to create a new instance of " + target_class.getName() + ": " + cause, cause);
    }
  }

  public static Class<?> getClass(String class_name) {
    return getClass(ClassUtil.class.getClassLoader(), class_name);
  }

  public static Class<?> getClass(ClassLoader loader, String class_name) {
    if (class_name == null) {
      return null;
    }
    try {
      return Class.forName(class_name, true, loader);
    } catch (ClassNotFoundException ex) {
      throw new RuntimeException("class not found: " + class_name, ex);
    }
  }
}
