package com.oltpbenchmark.util;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Runs a step on a daemon thread of its own and waits for it a bounded time. For steps that can
 * block on something this process cannot interrupt: a JDBC call to a database that stopped
 * answering, or a driver's {@code Connection.abort} that waits for the network (MariaDB
 * Connector/J's does, until a partition heals). A step that overruns keeps its thread, which ends
 * with the step or with the JVM; the caller goes on.
 */
public final class BoundedCall {
  private static final ExecutorService THREADS =
      Executors.newCachedThreadPool(
          r -> {
            Thread t = new Thread(r, "bounded-call");
            t.setDaemon(true);
            return t;
          });

  private BoundedCall() {}

  /**
   * The step's result, waiting at most {@code millis}.
   *
   * @throws TimeoutException when the step has not returned by then (it is interrupted and left)
   * @throws Exception the step's own exception
   */
  public static <T> T call(Callable<T> step, long millis) throws Exception {
    return await(start(step), millis);
  }

  /** Starts the step on its own daemon thread and returns at once. */
  public static <T> Future<T> start(Callable<T> step) {
    return THREADS.submit(step);
  }

  /** Starts the step on its own daemon thread and returns at once. */
  public static Future<?> start(Runnable step) {
    return THREADS.submit(step);
  }

  /**
   * Waits at most {@code millis} for a started step.
   *
   * @throws TimeoutException when the step has not returned by then (it is interrupted and left)
   * @throws Exception the step's own exception
   */
  public static <T> T await(Future<T> running, long millis) throws Exception {
    try {
      return running.get(Math.max(0, millis), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      running.cancel(true);
      throw e;
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof Exception ex) {
        throw ex;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw e;
    }
  }
}
