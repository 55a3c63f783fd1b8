package com.oltpbenchmark.api.collectors.database;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the database's counters on its own thread over one connection of its own: at the start, at
 * every change of phase or of warm-up to measurement, every results window, and once after the run.
 * Terminals never wait for it: it only looks at the phase through {@link PhaseProbe}. A failed
 * reading is a gap in the series and the connection is opened again for the next one.
 */
public final class DatabaseSampler implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(DatabaseSampler.class);

  /**
   * How often the thread looks for a change of phase; a boundary reading is this late at most.
   * Looking every 20 ms (the phase is read under the workload state's lock, which every terminal
   * takes) coincided with 4-8 % fewer requests/s on 2 cores; every 250 ms showed no cost
   * (docs/database-figures.md).
   */
  static final long POLL_MS = 250;

  /** Opens the sampling connection. */
  public interface Connector {
    Connection connect() throws SQLException;
  }

  /**
   * Readings that go with each of the database's (the server's and the driver's processes on this
   * host): running totals under their own names, absent when not measured.
   */
  public interface Companion {
    Map<String, Long> read();
  }

  /** Where the run is, read without blocking. */
  public interface PhaseProbe {
    /** The 1-based id of the current phase, or 0 before the first. */
    int phase();

    /** Whether requests are being measured (false during warm-up and before the run). */
    boolean measuring();
  }

  /**
   * One reading: when ({@link System#nanoTime()}), why ("start", "unmeasured", "phase", "window",
   * "end"), in which phase and whether measured, and the counters; {@code values} is null for a
   * gap.
   */
  public record Sample(
      long nanos, String event, int phase, boolean measuring, Map<String, Long> values) {
    public boolean gap() {
      return values == null;
    }
  }

  private final Connector connector;
  private final CounterReader reader;
  private final long windowNanos;
  private final PhaseProbe probe;
  private final Consumer<String> notices;
  private volatile Companion companion;
  private final SpooledSamples samples = new SpooledSamples();
  private final List<String> noticeLines = new ArrayList<>();
  private Thread thread;
  private volatile boolean endRequested;
  private volatile Connection connection;
  private boolean connectionFailureReported;

  /** {@link System#nanoTime()} when the reading in progress began; 0 between readings. */
  private volatile long readingSince;

  /** Set once the reading after the run is recorded as a gap: later readings are dropped. */
  private boolean readingsClosed;

  public DatabaseSampler(
      Connector connector,
      CounterReader reader,
      int windowSeconds,
      PhaseProbe probe,
      Consumer<String> notices) {
    this.connector = connector;
    this.reader = reader;
    this.windowNanos = TimeUnit.SECONDS.toNanos(Math.max(1, windowSeconds));
    this.probe = probe;
    this.notices = notices;
  }

  /** Adds the companion readings to every reading from now on (before {@link #start}). */
  public void setCompanion(Companion c) {
    this.companion = c;
  }

  public CounterReader reader() {
    return reader;
  }

  /** Takes the first reading (on the caller's thread) and starts the sampling thread. */
  public void start() {
    sample("start", 0, false, false);
    thread = new Thread(this::loop, "database-figures");
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Takes the reading after the run, once the thread has stopped, waiting at most {@code
   * timeoutMillis} for the database to answer (plus the reader's {@link
   * CounterReader#settleMillis()}). A thread still inside a reading that began more than {@code
   * timeoutMillis} ago, or a reading after the run that does not return in time, means the database
   * did not answer: the reading after the run is then a gap (counted as one), said in one notice,
   * and the sampling connection is aborted on a thread of its own.
   *
   * @return whether the database answered
   */
  public boolean finish(long timeoutMillis) throws InterruptedException {
    endRequested = true;
    if (thread != null) {
      thread.interrupt();
      long since = readingSince;
      long waitNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
      if (since != 0) {
        // a reading already waiting counts against the bound
        waitNanos = Math.min(waitNanos, since + waitNanos - System.nanoTime());
      }
      thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(waitNanos)));
      if (thread.isAlive()) {
        endUnanswered(timeoutMillis);
        return false;
      }
    }
    Thread last =
        new Thread(
            () -> {
              Connection c = connection();
              if (c != null) {
                try {
                  reader.settleAfterRun(c);
                } catch (SQLException e) {
                  LOG.debug("database figures: settling after the run: {}", e.getMessage());
                }
              }
              sample("end", probe.phase(), false, false);
            },
            "database-figures-end");
    last.setDaemon(true);
    last.start();
    last.join(Math.max(1, timeoutMillis + reader.settleMillis()));
    if (last.isAlive()) {
      endUnanswered(timeoutMillis + reader.settleMillis());
      return false;
    }
    return true;
  }

  /**
   * The reading after the run as a gap, now: later readings of threads still waiting on the
   * database are dropped, and their connection is aborted without waiting for it.
   */
  private void endUnanswered(long waitedMillis) {
    synchronized (this) {
      if (readingsClosed) {
        return;
      }
      samples.add(new Sample(System.nanoTime(), "end", probe.phase(), false, null));
      readingsClosed = true;
    }
    notice(
        "database figures: the database did not answer within "
            + (waitedMillis + 500) / 1000
            + " s after the run; the reading after the run is a gap",
        true);
    abortConnection();
  }

  /** Aborts the sampling connection on a thread of its own (a driver's abort may wait). */
  private void abortConnection() {
    Connection c = connection;
    connection = null;
    if (c != null) {
      Thread abort =
          new Thread(
              () -> {
                try {
                  c.abort(Runnable::run);
                } catch (SQLException | RuntimeException e) {
                  LOG.debug("database figures: aborting the sampling connection: {}", e.toString());
                }
              },
              "database-figures-abort");
      abort.setDaemon(true);
      abort.start();
    }
  }

  /** The readings so far, in time order (read back from the spool file; not after close). */
  public synchronized List<Sample> samples() {
    return samples.all();
  }

  /** The one-line notices given so far (privileges, lost connection). */
  public synchronized List<String> notices() {
    return List.copyOf(noticeLines);
  }

  /** Stops the thread, closes the connection and deletes the readings. */
  @Override
  public void close() {
    endRequested = true;
    if (thread != null) {
      thread.interrupt();
    }
    if (readingSince != 0) {
      // a reading still waits on the database: closing would wait with it
      abortConnection();
    } else {
      closeConnection();
    }
    synchronized (this) {
      readingsClosed = true;
      samples.close();
    }
  }

  private void loop() {
    int lastPhase = 0;
    boolean lastMeasuring = false;
    long nextWindow = System.nanoTime() + windowNanos;
    while (!endRequested) {
      try {
        Thread.sleep(POLL_MS);
      } catch (InterruptedException e) {
        return;
      }
      if (endRequested) {
        return;
      }
      int phase = probe.phase();
      boolean measuring = probe.measuring();
      long now = System.nanoTime();
      if (phase != lastPhase || measuring != lastMeasuring) {
        lastPhase = phase;
        lastMeasuring = measuring;
        sample(measuring ? "phase" : "unmeasured", phase, measuring, true);
        nextWindow = now + windowNanos;
      } else if (now >= nextWindow) {
        sample("window", phase, measuring, true);
        nextWindow += windowNanos;
        if (nextWindow < now) {
          nextWindow = now + windowNanos;
        }
      }
    }
  }

  private void sample(String event, int phase, boolean measuring, boolean inLoop) {
    long at = System.nanoTime();
    readingSince = at;
    try {
      takeSample(at, event, phase, measuring, inLoop);
    } finally {
      readingSince = 0;
    }
  }

  private void takeSample(long at, String event, int phase, boolean measuring, boolean inLoop) {
    Map<String, Long> values = null;
    Connection c = connection();
    if (c != null) {
      try {
        values = reader.read(c, this::notice);
        Companion with = companion;
        if (with != null) {
          values.putAll(with.read());
        }
      } catch (SQLException e) {
        notice(
            "database figures: reading failed ("
                + CounterReader.firstLine(e.getMessage())
                + "); a gap in the series, the next reading opens a new connection");
        closeConnection();
      }
    }
    synchronized (this) {
      if (readingsClosed) {
        return;
      }
      samples.add(new Sample(at, event, phase, measuring, values));
    }
    if (!inLoop) {
      LOG.debug("database figures: {} reading {}", event, values == null ? "missing" : "taken");
    }
  }

  private Connection connection() {
    if (connection != null) {
      return connection;
    }
    try {
      connection = connector.connect();
      connection.setAutoCommit(true);
      connectionFailureReported = false;
    } catch (SQLException e) {
      if (!connectionFailureReported) {
        notice(
            "database figures: cannot open the sampling connection ("
                + CounterReader.firstLine(e.getMessage())
                + "); readings are gaps until it opens");
        connectionFailureReported = true;
      }
      connection = null;
    }
    return connection;
  }

  private void closeConnection() {
    Connection c = connection;
    if (c != null) {
      connection = null;
      try {
        c.close();
      } catch (SQLException e) {
        LOG.debug("database figures: closing the sampling connection: {}", e.getMessage());
      }
    }
  }

  private void notice(String line) {
    notice(line, false);
  }

  private void notice(String line, boolean atTheEnd) {
    synchronized (this) {
      if (noticeLines.contains(line)) {
        return;
      }
      if (readingsClosed && !atTheEnd) {
        // a reading left behind at the end failing now, its connection aborted: already said
        LOG.debug("{}", line);
        return;
      }
      noticeLines.add(line);
    }
    notices.accept(line);
  }
}
