package com.oltpbenchmark.benchmarks.socialgraph.audit;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Remembers, for a bounded sample of keys, the writes that could explain each key's final state, so
 * that the audit can find acknowledged writes the database lost.
 *
 * <h2>The rule</h2>
 *
 * Every write gets an invoke stamp before its procedure runs and, if its commit returns, a
 * completion stamp (one logical clock for all workers). A write whose procedure threw was rolled
 * back and is forgotten. A write whose commit threw, or that was still running when the run ended,
 * is <em>indeterminate</em>: it may have committed. An acknowledged write W is <em>superseded</em>
 * when another acknowledged write of the same key was invoked after W was acknowledged: that write
 * committed after W, so W's state cannot be the final one. A key's stored state is correct when
 * some acknowledged write that is not superseded, or some indeterminate write, could have left it.
 * Otherwise the database lost an acknowledged write, and the report shows what the last
 * acknowledged write left next to what is stored. Keys without an acknowledged write are not
 * judged. The rule is sound for any database that applies a key's committed writes in commit order,
 * whatever the isolation level, and never blames concurrency: overlapping writes all stay
 * candidates.
 *
 * <h2>Committing</h2>
 *
 * The runtime (this project's and upstream's) commits after the worker returns, so the worker
 * cannot learn the outcome from it. A write to a tracked key therefore commits itself ({@link
 * #commit}); the runtime's later commit then finds no open transaction and does nothing. Writes to
 * untracked keys are left to the runtime as before.
 *
 * <h2>Memory</h2>
 *
 * At most {@code maxKeys} keys, chosen by a hash of the key (one in {@code sampleOneIn}); each
 * keeps the writes in flight at the time of its latest acknowledged write plus at most {@link
 * KeyHistory#MAX_OPEN} indeterminate ones, whatever the run length.
 */
public final class WriteTracker {

  private final int maxKeys;
  private final int sampleOneIn;
  private final AtomicLong clock = new AtomicLong();
  private final Map<AuditKey, KeyHistory> keys = new ConcurrentHashMap<>();

  public WriteTracker(int maxKeys, int sampleOneIn) {
    if (maxKeys < 0 || sampleOneIn < 1) {
      throw new IllegalArgumentException(
          "maxKeys must be >= 0 and sampleOneIn >= 1, got " + maxKeys + ", " + sampleOneIn);
    }
    this.maxKeys = maxKeys;
    this.sampleOneIn = sampleOneIn;
  }

  /** The stamp to take before a write's procedure runs. */
  public long invoke() {
    return clock.incrementAndGet();
  }

  /** Whether writes to {@code key} are tracked (sampled and room left). */
  public boolean tracks(AuditKey key) {
    if (maxKeys == 0 || Math.floorMod(key.mixedHash(), sampleOneIn) != 0) {
      return false;
    }
    return keys.containsKey(key) || keys.size() < maxKeys;
  }

  /**
   * Called after the write's procedure returned, inside its open transaction. If a tracked key is
   * among {@code effects}, commits the transaction and records the outcome; otherwise leaves the
   * commit to the runtime.
   *
   * @param invoke the stamp taken by {@link #invoke} before the procedure ran
   * @return whether this committed the transaction
   * @throws SQLException from the commit (the writes are then indeterminate)
   */
  public boolean commit(Connection conn, long invoke, List<WriteEffect> effects)
      throws SQLException {
    Opened opened = begin(invoke, effects);
    if (opened == null) {
      return false;
    }
    // A failed commit leaves the entries open: indeterminate.
    conn.commit();
    long complete = clock.incrementAndGet();
    for (int i = 0; i < opened.histories.size(); i++) {
      opened.histories.get(i).acknowledged(opened.entries.get(i), complete);
    }
    return true;
  }

  public boolean commit(Connection conn, long invoke, WriteEffect effect) throws SQLException {
    return commit(conn, invoke, List.of(effect));
  }

  /**
   * Tracks a write that commits itself, so that the commit happens while its tracked writes are
   * open (as in {@link #commit}), in three steps around the write: this one before it runs, then
   * {@link #selfCommitted} once it returned or {@link #selfCommitFailed} if it threw. The steps are
   * separate calls, not a wrapper, so that the write's own call stack stays short.
   *
   * @param invoke the stamp taken by {@link #invoke} before the request was built
   * @param candidates the effects it may leave, known before it runs
   * @return what the write opened, to hand to the next step; null when it opened nothing (most
   *     writes: no candidate key is sampled), so that those allocate nothing here
   */
  public Opened beginSelfCommitting(long invoke, List<WriteEffect> candidates) {
    return begin(invoke, candidates);
  }

  /**
   * The self-committing write returned: {@code left} are the effects it did leave, of the
   * candidates or not (e.g. a node whose id the database allocated, recorded now).
   *
   * @param opened what {@link #beginSelfCommitting} returned
   */
  public void selfCommitted(
      Opened opened, long invoke, List<WriteEffect> candidates, List<WriteEffect> left) {
    long complete = clock.incrementAndGet();
    for (int i = 0; opened != null && i < opened.histories.size(); i++) {
      KeyHistory.Entry entry = opened.entries.get(i);
      if (left.contains(entry.effect)) {
        opened.histories.get(i).acknowledged(entry, complete);
      } else {
        opened.histories.get(i).rolledBack(entry);
      }
    }
    for (int i = 0; i < left.size(); i++) {
      WriteEffect e = left.get(i);
      if (tracks(e.key()) && !candidates.contains(e)) {
        KeyHistory h = keys.computeIfAbsent(e.key(), k -> new KeyHistory());
        h.acknowledged(h.begin(e, invoke), complete);
      }
    }
  }

  /**
   * The self-committing write threw: a server error (or any exception of the driver's own) rolled
   * it back and it is forgotten; a lost connection (SQLState class 08, or none) leaves its
   * candidates indeterminate.
   *
   * @param opened what {@link #beginSelfCommitting} returned
   */
  public void selfCommitFailed(Opened opened, Exception failure) {
    if (!(failure instanceof SQLException e && isConnectionLoss(e))) {
      rollBack(opened);
    }
  }

  /** The entries a write opened on its tracked keys, in two parallel lists. */
  public static final class Opened {
    private final List<KeyHistory> histories;
    private final List<KeyHistory.Entry> entries;

    private Opened(int effects) {
      histories = new ArrayList<>(effects);
      entries = new ArrayList<>(effects);
    }
  }

  /**
   * Opens an entry for each tracked key among {@code effects}; null when none is tracked, which is
   * most writes (one key in {@code sampleOneIn}), so those allocate nothing here.
   */
  private Opened begin(long invoke, List<WriteEffect> effects) {
    Opened opened = null;
    for (int i = 0; i < effects.size(); i++) {
      WriteEffect e = effects.get(i);
      if (tracks(e.key())) {
        if (opened == null) {
          opened = new Opened(effects.size());
        }
        KeyHistory h = keys.computeIfAbsent(e.key(), k -> new KeyHistory());
        opened.histories.add(h);
        opened.entries.add(h.begin(e, invoke));
      }
    }
    return opened;
  }

  private static boolean isConnectionLoss(SQLException e) {
    String state = e.getSQLState();
    return state == null || state.startsWith("08");
  }

  private static void rollBack(Opened opened) {
    for (int i = 0; opened != null && i < opened.histories.size(); i++) {
      opened.histories.get(i).rolledBack(opened.entries.get(i));
    }
  }

  /** The tracked keys and their histories (a live view). */
  Map<AuditKey, KeyHistory> histories() {
    return keys;
  }

  public int trackedKeys() {
    return keys.size();
  }

  public int maxKeys() {
    return maxKeys;
  }

  public int sampleOneIn() {
    return sampleOneIn;
  }
}
