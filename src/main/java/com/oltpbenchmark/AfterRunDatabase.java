package com.oltpbenchmark;

import com.oltpbenchmark.results.RunReport;
import com.oltpbenchmark.util.BoundedCall;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The database as the steps after a run reach it (the sampler's last reading, metrics.json, the
 * audit): every wait bounded, so that a database that stopped answering (a paused server, a network
 * partition) cannot hold the process. A JDBC call cannot be interrupted, so each step runs on a
 * thread of its own and is left behind when it overruns. Once the database has not answered, the
 * later steps do not try again: each says in one line what it could not do.
 */
final class AfterRunDatabase implements AutoCloseable {
  /**
   * How long the database may take to answer one short request after the run (a connection, a
   * reading of its counters, a {@code SELECT 1}). A healthy server answers in milliseconds; a busy
   * two-core machine in well under a second.
   */
  static final long ANSWER_MILLIS = 5_000;

  /** How often a long step (the audit) asks whether the database still answers. */
  static final long PROBE_EVERY_MILLIS = 2_000;

  /** The database did not answer within the bound; the step was left behind. */
  static final class Unanswered extends Exception {
    private static final long serialVersionUID = 1L;

    Unanswered(String message) {
      super(message);
    }
  }

  private final RunReport.DatabaseConnector connector;
  private final long answerMillis;
  private volatile String unanswered;
  private volatile Connection probe;

  AfterRunDatabase(RunReport.DatabaseConnector connector) {
    this(connector, ANSWER_MILLIS);
  }

  AfterRunDatabase(RunReport.DatabaseConnector connector, long answerMillis) {
    this.connector = connector;
    this.answerMillis = answerMillis;
  }

  /** The bound of one answer, in milliseconds. */
  long answerMillis() {
    return answerMillis;
  }

  /** "the database did not answer within N s" (what every skipped step says). */
  String unansweredText() {
    return "the database did not answer within " + seconds(answerMillis) + " s";
  }

  /** Whether a step has already found the database not answering. */
  boolean gaveUp() {
    return unanswered != null;
  }

  /** Records that the database did not answer (a collector that found it so on its own). */
  void markUnanswered() {
    if (unanswered == null) {
      unanswered = unansweredText();
    }
  }

  /**
   * A short step (a few quick statements): at most {@link #answerMillis()}.
   *
   * @throws Unanswered when it has not returned by then, or the database has not answered before
   * @throws Exception the step's own failure
   */
  <T> T quick(Callable<T> step) throws Exception {
    refuseIfGaveUp();
    try {
      return BoundedCall.call(step, answerMillis);
    } catch (TimeoutException e) {
      markUnanswered();
      throw new Unanswered(unanswered);
    }
  }

  /**
   * A step of any length (the audit reads whole tables): it may take as long as it needs while the
   * database answers a {@code SELECT 1}-like probe, on a connection of its own, every {@link
   * #PROBE_EVERY_MILLIS} within {@link #answerMillis()}. A step that waits on a lock another
   * session holds goes on waiting; one whose server stopped answering is left behind.
   *
   * @throws Unanswered when a probe got no answer in time
   * @throws Exception the step's own failure
   */
  <T> T watched(Callable<T> step) throws Exception {
    refuseIfGaveUp();
    Future<T> running = BoundedCall.start(step);
    while (true) {
      try {
        return running.get(PROBE_EVERY_MILLIS, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        // still running: only a database that answers nothing ends it
      } catch (ExecutionException e) {
        if (e.getCause() instanceof Exception ex) {
          throw ex;
        }
        throw e;
      }
      try {
        quick(this::probeOnce);
      } catch (Unanswered u) {
        running.cancel(true);
        throw u;
      } catch (SQLException e) {
        // it answered, with an error: the step itself will meet it, or not
      }
    }
  }

  private void refuseIfGaveUp() throws Unanswered {
    String why = unanswered;
    if (why != null) {
      throw new Unanswered(why);
    }
  }

  /** One round trip on the probe connection, opened (again) when it is not valid. */
  private Boolean probeOnce() throws SQLException {
    int seconds = (int) Math.max(1, TimeUnit.MILLISECONDS.toSeconds(answerMillis));
    Connection c = probe;
    if (c != null && c.isValid(seconds)) {
      return Boolean.TRUE;
    }
    closeQuietly(c);
    c = connector.connect();
    probe = c;
    if (!c.isValid(seconds)) {
      throw new SQLException("the probe connection is not valid");
    }
    return Boolean.TRUE;
  }

  /** Leaves the probe connection to close on a thread of its own: it may be stuck. */
  @Override
  public void close() {
    Connection c = probe;
    probe = null;
    if (c != null) {
      BoundedCall.start(() -> closeQuietly(c));
    }
  }

  private static void closeQuietly(Connection c) {
    if (c == null) {
      return;
    }
    try {
      c.close();
    } catch (SQLException e) {
      // a broken probe connection: nothing to keep
    }
  }

  private static String seconds(long millis) {
    return millis % 1000 == 0 ? Long.toString(millis / 1000) : Double.toString(millis / 1000.0);
  }
}
