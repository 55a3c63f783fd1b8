package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.SQLStmt;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;

/**
 * Builds a record of statements (e.g. {@link LinkWriter.Statements}) from the public {@link
 * SQLStmt} fields a procedure declares, matching record components to fields by name. The record
 * then holds the procedure's own statement objects, so the dialect overrides the runtime applies to
 * those fields reach the shared code that runs them.
 *
 * <p>A component the procedure has no field for is null: operations that need it are not offered by
 * that procedure. A component that is itself a record of statements is built the same way.
 */
public final class StatementBundle {

  private StatementBundle() {}

  /** The {@code bundle} record filled from {@code procedure}'s SQLStmt fields of the same names. */
  public static <R extends Record> R of(Procedure procedure, Class<R> bundle) {
    RecordComponent[] components = bundle.getRecordComponents();
    Class<?>[] types = new Class<?>[components.length];
    Object[] values = new Object[components.length];
    for (int i = 0; i < components.length; i++) {
      RecordComponent c = components[i];
      types[i] = c.getType();
      values[i] = component(procedure, bundle, c);
    }
    try {
      Constructor<R> constructor = bundle.getDeclaredConstructor(types);
      return constructor.newInstance(values);
    } catch (NoSuchMethodException | InstantiationException | IllegalAccessException e) {
      throw new IllegalStateException("cannot build " + bundle.getName() + ": " + e, e);
    } catch (InvocationTargetException e) {
      throw new IllegalStateException(
          "cannot build " + bundle.getName() + ": " + e.getCause(), e.getCause());
    }
  }

  @SuppressWarnings("unchecked")
  private static Object component(Procedure procedure, Class<?> bundle, RecordComponent c) {
    if (c.getType().isRecord()) {
      return of(procedure, (Class<? extends Record>) c.getType());
    }
    if (c.getType() != SQLStmt.class) {
      throw new IllegalArgumentException(
          bundle.getName()
              + "."
              + c.getName()
              + " is a "
              + c.getType().getName()
              + "; a statement bundle holds SQLStmt or nested bundles only");
    }
    try {
      Field field = procedure.getClass().getField(c.getName());
      if (field.getType() != SQLStmt.class) {
        throw new IllegalArgumentException(
            procedure.getClass().getName()
                + "."
                + c.getName()
                + " is a "
                + field.getType().getName()
                + ", but "
                + bundle.getName()
                + " needs an SQLStmt of that name");
      }
      return field.get(procedure);
    } catch (NoSuchFieldException e) {
      return null;
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(
          procedure.getClass().getName() + "." + c.getName() + " is not readable: " + e, e);
    }
  }
}
