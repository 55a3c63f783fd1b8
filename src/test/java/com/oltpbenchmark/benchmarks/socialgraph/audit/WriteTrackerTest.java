package com.oltpbenchmark.benchmarks.socialgraph.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The lost-write rule of {@link WriteTracker} on histories built by hand (no database). */
class WriteTrackerTest {

  private final AtomicBoolean commitFails = new AtomicBoolean();

  /** A connection whose commit succeeds, or throws while {@link #commitFails} is set. */
  private final Connection conn =
      (Connection)
          Proxy.newProxyInstance(
              getClass().getClassLoader(),
              new Class<?>[] {Connection.class},
              (proxy, method, args) -> {
                if (method.getName().equals("commit") && commitFails.get()) {
                  throw new SQLException("connection reset", "08006");
                }
                return null;
              });

  private static WriteEffect write(int payload) {
    return WriteEffect.link(1, 7, 2, Link.VISIBLE, 0, new byte[] {(byte) payload});
  }

  private static KeyState stored(int payload) {
    return KeyState.of(Link.VISIBLE, 0, new byte[] {(byte) payload});
  }

  private KeyHistory history(WriteTracker t) {
    return t.histories().get(AuditKey.link(1, 7, 2));
  }

  @Test
  void sequentialWritesOnlyTheLastExplainsTheState() throws SQLException {
    WriteTracker t = new WriteTracker(10, 1);
    t.commit(conn, t.invoke(), write(1));
    t.commit(conn, t.invoke(), write(2));
    assertTrue(history(t).explains(stored(2)));
    assertFalse(history(t).explains(stored(1)), "a superseded write explains nothing");
    assertFalse(history(t).explains(KeyState.ABSENT));
  }

  @Test
  void overlappingWritesBothExplainTheState() throws SQLException {
    WriteTracker t = new WriteTracker(10, 1);
    long a = t.invoke();
    long b = t.invoke();
    t.commit(conn, b, write(2));
    t.commit(conn, a, write(1));
    assertTrue(history(t).explains(stored(1)));
    assertTrue(history(t).explains(stored(2)), "either may have committed last");
  }

  @Test
  void aWriteWithUnknownOutcomeStaysACandidate() throws SQLException {
    WriteTracker t = new WriteTracker(10, 1);
    t.commit(conn, t.invoke(), write(1));
    commitFails.set(true);
    assertThrows(SQLException.class, () -> t.commit(conn, t.invoke(), write(3)));
    commitFails.set(false);
    assertTrue(history(t).explains(stored(1)));
    assertTrue(history(t).explains(stored(3)), "the failed commit may have committed");
    t.commit(conn, t.invoke(), write(4));
    assertTrue(history(t).explains(stored(3)), "it may even have committed after write 4");
    assertFalse(history(t).explains(stored(1)), "write 1 was superseded by write 4");
  }

  @Test
  void aSelfCommittingWriteIsAcknowledgedWhenItReturns() throws SQLException {
    WriteTracker t = new WriteTracker(10, 1);
    selfCommitting(t, t.invoke(), List.of(write(1)), () -> "ok");
    selfCommitting(t, t.invoke(), List.of(write(2)), () -> "ok");
    assertTrue(history(t).explains(stored(2)));
    assertFalse(history(t).explains(stored(1)), "a superseded write explains nothing");
  }

  @Test
  void aSelfCommittingWriteIsOpenWhileItRuns() throws SQLException {
    WriteTracker t = new WriteTracker(10, 1);
    selfCommitting(t, t.invoke(), List.of(write(1)), () -> "ok");
    selfCommitting(
        t,
        t.invoke(),
        List.of(write(2)),
        () -> {
          assertTrue(history(t).explains(stored(2)), "its commit may already have happened");
          return "ok";
        });
  }

  @Test
  void aSelfCommittingWriteThatFailedOnTheServerIsForgotten() throws SQLException {
    WriteTracker t = new WriteTracker(10, 1);
    selfCommitting(t, t.invoke(), List.of(write(1)), () -> "ok");
    failSelfCommitting(t, 3, new SQLException("deadlock", "40P01"));
    failSelfCommitting(t, 4, new IllegalStateException("precondition"));
    assertFalse(history(t).explains(stored(3)), "the server rolled it back");
    assertFalse(history(t).explains(stored(4)), "a user abort rolled it back");
    assertTrue(history(t).explains(stored(1)));
  }

  @Test
  void aSelfCommittingWriteWhoseAnswerWasLostStaysACandidate() throws SQLException {
    WriteTracker t = new WriteTracker(10, 1);
    selfCommitting(t, t.invoke(), List.of(write(1)), () -> "ok");
    failSelfCommitting(t, 3, new SQLException("connection reset", "08006"));
    assertTrue(history(t).explains(stored(3)), "it may have committed");
    assertTrue(history(t).explains(stored(1)));
  }

  @Test
  void aSelfCommittingWriteKeepsOnlyTheEffectItReports() throws SQLException {
    WriteTracker t = new WriteTracker(10, 1);
    selfCommitting(t, t.invoke(), List.of(write(1), write(2)), () -> 2, n -> List.of(write(n)));
    assertTrue(history(t).explains(stored(2)));
    assertFalse(history(t).explains(stored(1)), "the candidate it did not leave is dropped");
  }

  @Test
  void aSelfCommittingWriteRecordsEffectsKnownOnlyAfterwards() throws SQLException {
    WriteTracker t = new WriteTracker(10, 1);
    selfCommitting(t, t.invoke(), List.of(), () -> 5, n -> List.of(write(n)));
    assertTrue(history(t).hasAcknowledgedWrite());
    assertTrue(history(t).explains(stored(5)));
  }

  @Test
  void hiddenMeansAbsentOrInvisible() {
    WriteEffect hide = WriteEffect.linkHidden(1, 7, 2);
    assertTrue(hide.couldHaveLeft(KeyState.ABSENT));
    assertTrue(hide.couldHaveLeft(KeyState.of(Link.HIDDEN, 5, new byte[] {9})));
    assertFalse(hide.couldHaveLeft(stored(1)));
    WriteEffect anyVersion = WriteEffect.node(3, WriteEffect.ANY_VERSION, new byte[] {1});
    assertTrue(anyVersion.couldHaveLeft(KeyState.of(0, 42, new byte[] {1})));
    assertFalse(anyVersion.couldHaveLeft(KeyState.of(0, 42, new byte[] {2})));
  }

  @Test
  void memoryStaysBoundedOnLongRuns() throws SQLException {
    WriteTracker t = new WriteTracker(100, 1);
    for (int i = 0; i < 200_000; i++) {
      t.commit(conn, t.invoke(), WriteEffect.node(i % 1000, 1, new byte[] {(byte) i}));
    }
    assertEquals(100, t.trackedKeys(), "no more keys than configured");
    for (KeyHistory h : t.histories().values()) {
      assertEquals(200, h.acknowledgedWrites());
      assertTrue(h.explains(KeyState.of(0, 1, new byte[] {(byte) lastPayload(h)})));
    }
  }

  private static int lastPayload(KeyHistory h) {
    // the payload hash of the last write is what the last-acknowledged effect holds
    for (int b = -128; b < 128; b++) {
      if (h.lastAcknowledged().couldHaveLeft(KeyState.of(0, 1, new byte[] {(byte) b}))) {
        return b;
      }
    }
    throw new AssertionError("no payload matches");
  }

  @Test
  void sampleOneInTracksAboutThatShare() {
    WriteTracker t = new WriteTracker(1_000_000, 4);
    int tracked = 0;
    for (int i = 0; i < 40_000; i++) {
      if (t.tracks(AuditKey.node(i))) {
        tracked++;
      }
    }
    assertTrue(tracked > 9_000 && tracked < 11_000, tracked + " of 40000 tracked at one in 4");
    assertFalse(new WriteTracker(0, 1).tracks(AuditKey.node(1)), "0 keys: tracking off");
  }

  /**
   * A write to no tracked key (most writes: one key in {@code sampleOneIn}) leaves the commit to
   * the runtime, runs a self-committing write as it is and passes its failures on, recording
   * nothing.
   */
  @Test
  void aWriteToUntrackedKeysIsLeftAlone() throws SQLException {
    WriteTracker t = new WriteTracker(0, 1);
    commitFails.set(true);
    assertFalse(t.commit(conn, t.invoke(), List.of(write(1))), "no commit of its own");
    assertEquals("ok", selfCommitting(t, t.invoke(), List.of(write(1)), () -> "ok"));
    failSelfCommitting(t, 2, new SQLException("deadlock", "40P01"));
    failSelfCommitting(t, 3, new IllegalStateException("precondition"));
    assertEquals(0, t.trackedKeys());
  }

  /**
   * A self-committing write of {@code id} that throws {@code failure}; the tracker passes it on.
   */
  private static void failSelfCommitting(WriteTracker t, int id, Exception failure) {
    Exception thrown =
        assertThrows(
            failure.getClass(),
            () ->
                selfCommitting(
                    t,
                    t.invoke(),
                    List.of(write(id)),
                    () -> {
                      if (failure instanceof SQLException e) {
                        throw e;
                      }
                      throw (RuntimeException) failure;
                    }));
    assertSame(failure, thrown);
  }

  /** A write request that commits itself: one autocommit statement or a server-side routine. */
  @FunctionalInterface
  private interface SelfCommittingWrite<R> {
    R run() throws SQLException;
  }

  /**
   * {@code write} between the tracker's three self-committing steps, as the request pipeline runs
   * them; {@code left} says, from its result, which effects it left.
   */
  private static <R> R selfCommitting(
      WriteTracker t,
      long invoke,
      List<WriteEffect> candidates,
      SelfCommittingWrite<R> write,
      Function<R, List<WriteEffect>> left)
      throws SQLException {
    WriteTracker.Opened opened = t.beginSelfCommitting(invoke, candidates);
    R result;
    try {
      result = write.run();
    } catch (SQLException | RuntimeException e) {
      t.selfCommitFailed(opened, e);
      throw e;
    }
    t.selfCommitted(opened, invoke, candidates, left.apply(result));
    return result;
  }

  /** {@link #selfCommitting} of a write whose effects are known before it runs. */
  private static <R> R selfCommitting(
      WriteTracker t, long invoke, List<WriteEffect> effects, SelfCommittingWrite<R> write)
      throws SQLException {
    return selfCommitting(t, invoke, effects, write, r -> effects);
  }
}
