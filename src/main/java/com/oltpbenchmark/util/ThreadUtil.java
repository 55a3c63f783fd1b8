package com.oltpbenchmark.util;

import com.oltpbenchmark.api.LoaderThread;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

public abstract class ThreadUtil {

  public static int availableProcessors() {
    return Math.max(1, Runtime.getRuntime().availableProcessors());
  }

  /**
   * Runs the loader threads in list order on a pool of at most {@code maxConcurrent} threads and
   * waits for all of them. The first failure cancels the rest (threads waiting for a prerequisite
   * are interrupted, so nothing hangs) and is rethrown as a RuntimeException with the loader's
   * exception as cause. Unlike upstream this never exits the JVM.
   */
  public static void runLoaderThreads(Collection<LoaderThread> loaderThreads, int maxConcurrent)
      throws InterruptedException {
    if (loaderThreads.isEmpty()) {
      return;
    }
    int poolSize = Math.max(1, Math.min(maxConcurrent, loaderThreads.size()));
    AtomicInteger counter = new AtomicInteger();
    ThreadFactory factory =
        r -> {
          Thread t = new Thread(r, "loader-" + counter.incrementAndGet());
          t.setDaemon(true);
          return t;
        };
    ExecutorService pool = Executors.newFixedThreadPool(poolSize, factory);
    ExecutorCompletionService<LoaderThread> ecs = new ExecutorCompletionService<>(pool);
    List<Future<LoaderThread>> futures = new ArrayList<>();
    try {
      for (LoaderThread lt : loaderThreads) {
        futures.add(ecs.submit(lt, lt));
      }
      for (int i = 0; i < futures.size(); i++) {
        Future<LoaderThread> done = ecs.take();
        try {
          done.get();
        } catch (ExecutionException ex) {
          Throwable cause = ex.getCause();
          throw new RuntimeException("Loading failed: " + cause.getMessage(), cause);
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
