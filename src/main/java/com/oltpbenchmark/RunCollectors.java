package com.oltpbenchmark;

import com.oltpbenchmark.RunCollector.Change;
import com.oltpbenchmark.RunCollector.Contribution;
import com.oltpbenchmark.RunCollector.PhaseChange;
import com.oltpbenchmark.RunCollector.RunEnd;
import com.oltpbenchmark.RunCollector.Window;
import com.oltpbenchmark.results.RunReport;
import com.oltpbenchmark.util.BoundedCall;
import com.oltpbenchmark.util.OneLine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The side collectors of one run and the thread that hands them the run's events. The control
 * thread only posts a phase change (a queue offer, never a collector's code); one daemon thread
 * delivers it, and every {@code -s} window from the start of measurement, to each collector in
 * turn. Every hook is isolated: a collector that throws, or whose hook has not returned when the
 * run ends, is dropped with one line and its summary section says "not measured: why".
 */
final class RunCollectors implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RunCollectors.class);

  /**
   * How long all collectors together may take to finish. Each built-in collector bounds its own
   * database waits well below it ({@link AfterRunDatabase#ANSWER_MILLIS}); this is the net under a
   * collector that does not.
   */
  static final long FINISH_BOUND_MS = 15_000;

  /** How long the event thread may still be busy with one hook once the run has ended. */
  static final long EVENT_BOUND_MS = 2_000;

  /** The summary key under which a failed collector says why it measured nothing. */
  static final String NOT_MEASURED = "Not Measured";

  private static final class Entry {
    final RunCollector collector;
    volatile String failure;

    Entry(RunCollector collector) {
      this.collector = collector;
    }
  }

  /** Whatever a hook may throw that must not reach the run. */
  private interface Hook {
    void run() throws Exception;
  }

  private final long windowNanos;
  private final long eventBoundMs;
  private final long finishBoundMs;
  private final List<Entry> entries = new CopyOnWriteArrayList<>();
  private final BlockingQueue<PhaseChange> events = new LinkedBlockingQueue<>();
  private Thread thread;
  private boolean started;
  private volatile Entry busy;
  private volatile String busyHook;

  /**
   * @param windowSeconds the results window ({@code -s}) the window events follow
   */
  RunCollectors(int windowSeconds) {
    this(windowSeconds, EVENT_BOUND_MS, FINISH_BOUND_MS);
  }

  /** With other bounds (tests). */
  RunCollectors(int windowSeconds, long eventBoundMs, long finishBoundMs) {
    this.windowNanos = TimeUnit.SECONDS.toNanos(Math.max(1, windowSeconds));
    this.eventBoundMs = eventBoundMs;
    this.finishBoundMs = finishBoundMs;
  }

  /** Adds a collector; null (a collector that does not apply to this run) is ignored. */
  void add(RunCollector collector) {
    if (collector != null) {
      entries.add(new Entry(collector));
    }
  }

  /** The collectors, in registration order. */
  List<RunCollector> collectors() {
    List<RunCollector> out = new ArrayList<>();
    for (Entry e : entries) {
      out.add(e.collector);
    }
    return out;
  }

  /** Calls every collector's start and starts the event thread; later calls do nothing. */
  synchronized void start() {
    if (started) {
      return;
    }
    started = true;
    for (Entry e : entries) {
      isolate(e, "start", () -> e.collector.start());
    }
    thread = new Thread(this::deliverEvents, "run-collectors");
    thread.setDaemon(true);
    thread.start();
  }

  /** Hands a phase change to the collectors; returns at once (the control thread calls it). */
  void post(PhaseChange change) {
    events.offer(change);
  }

  private void deliverEvents() {
    long windowStart = 0;
    long windowEnd = -1;
    int index = 0;
    try {
      while (true) {
        PhaseChange change =
            windowEnd < 0
                ? events.take()
                : events.poll(Math.max(0, windowEnd - System.nanoTime()), TimeUnit.NANOSECONDS);
        if (change == null) {
          deliver(new Window(index++, windowStart, windowEnd));
          windowStart = windowEnd;
          windowEnd += windowNanos;
          continue;
        }
        // windows that closed before the change came in (a busy machine) keep their order
        while (windowEnd >= 0 && change.nanos() >= windowEnd) {
          deliver(new Window(index++, windowStart, windowEnd));
          windowStart = windowEnd;
          windowEnd += windowNanos;
        }
        if (change.change() == Change.MEASUREMENT_STARTED && windowEnd < 0) {
          windowStart = change.nanos();
          windowEnd = windowStart + windowNanos;
        }
        if (change.change() == Change.PHASES_ENDED && windowEnd >= 0) {
          if (change.nanos() > windowStart) {
            deliver(new Window(index, windowStart, change.nanos()));
          }
          windowEnd = -1;
        }
        for (Entry e : entries) {
          deliver(e, "phase change", () -> e.collector.phaseChanged(change));
        }
        if (change.change() == Change.PHASES_ENDED) {
          return;
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private void deliver(Window w) {
    for (Entry e : entries) {
      deliver(e, "window", () -> e.collector.window(w));
    }
  }

  private void deliver(Entry e, String hook, Hook call) {
    busy = e;
    busyHook = hook;
    try {
      isolate(e, hook, call);
    } finally {
      busy = null;
    }
  }

  /**
   * Waits for the event thread to deliver the end of the phases; a collector still inside a hook
   * after {@link #EVENT_BOUND_MS} is dropped.
   */
  void awaitEvents() throws InterruptedException {
    Thread t;
    synchronized (this) {
      t = thread;
    }
    if (t == null) {
      return;
    }
    t.join(eventBoundMs);
    Entry stuck = busy;
    if (t.isAlive() && stuck != null) {
      fail(stuck, "its " + busyHook + " hook did not return within " + seconds(eventBoundMs));
    }
  }

  /**
   * Asks every collector for its part of the results, all at once, each on a thread of its own,
   * within {@link #FINISH_BOUND_MS} in all; applies the parts in registration order, then a "not
   * measured" section for each collector that failed.
   */
  RunReport finish(RunEnd end, RunReport report) throws InterruptedException {
    awaitEvents();
    Map<Entry, Future<Contribution>> running = new LinkedHashMap<>();
    for (Entry e : entries) {
      if (e.failure == null) {
        running.put(e, BoundedCall.start(() -> e.collector.finish(end)));
      }
    }
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(finishBoundMs);
    RunReport r = report;
    for (Map.Entry<Entry, Future<Contribution>> f : running.entrySet()) {
      Entry e = f.getKey();
      try {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        Contribution c = BoundedCall.await(f.getValue(), left);
        r = c == null ? r : c.addTo(r);
      } catch (TimeoutException ex) {
        fail(e, "it did not finish within " + seconds(finishBoundMs) + " after the run");
      } catch (InterruptedException ex) {
        throw ex;
      } catch (Exception | LinkageError ex) {
        LOG.debug("{}: finish failed", e.collector.name(), ex);
        fail(e, "its finish failed: " + OneLine.describe(ex));
      }
    }
    for (Entry e : entries) {
      String key = e.collector.summaryKey();
      if (e.failure != null && key != null) {
        r = r.withSection(notMeasured(e.collector, key, e.failure));
      }
    }
    return r;
  }

  /** The section of a collector that failed: its key says why, and so does one footer line. */
  static RunReport.Section notMeasured(RunCollector c, String key, String why) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(NOT_MEASURED, "not measured: " + why);
    return new RunReport.Section(key, m, List.of(c.name() + ": not measured: " + why));
  }

  /** Why the collector failed, or null while it works. */
  String failure(RunCollector c) {
    for (Entry e : entries) {
      if (e.collector == c) {
        return e.failure;
      }
    }
    return null;
  }

  /** Stops the event thread and closes every collector, each close isolated. */
  @Override
  public void close() {
    Thread t;
    synchronized (this) {
      t = thread;
    }
    if (t != null) {
      t.interrupt();
    }
    for (Entry e : entries) {
      try {
        e.collector.close();
      } catch (RuntimeException | LinkageError ex) {
        LOG.debug("{}: closing failed: {}", e.collector.name(), ex.toString());
      }
    }
  }

  private void isolate(Entry e, String hook, Hook call) {
    if (e.failure != null) {
      return;
    }
    try {
      call.run();
    } catch (InterruptedException ex) {
      Thread.currentThread().interrupt();
      fail(e, "interrupted in its " + hook + " hook");
    } catch (Exception | LinkageError ex) {
      LOG.debug("{}: {} failed", e.collector.name(), hook, ex);
      fail(e, "its " + hook + " failed: " + OneLine.describe(ex));
    }
  }

  private static String seconds(long millis) {
    return millis % 1000 == 0 ? millis / 1000 + " s" : millis / 1000.0 + " s";
  }

  private void fail(Entry e, String why) {
    if (e.failure != null) {
      return;
    }
    e.failure = why;
    LOG.warn("{}: not measured: {}", e.collector.name(), why);
  }
}
