package com.oltpbenchmark.results;

import com.oltpbenchmark.util.ProcessClock;
import com.oltpbenchmark.util.TempFileSpool;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Thread-safe sink for every measured transaction of one run. The engine (ThreadBench / Worker)
 * creates one per run and calls {@link #record} from worker threads; the result writer reads it at
 * the end. Latencies are aggregated online (HdrHistogram) so memory stays flat with run length
 * unless raw samples are kept for raw.csv, and those are spooled to a temporary file.
 *
 * <p>Hot path: each recording thread appends to its own small primitive buffer (an uncontended lock
 * on that buffer only). A buffer is folded into the shared aggregates under one lock when it is
 * full or a second after its last fold, so that lock is taken once per thousand samples, not per
 * sample.
 *
 * <p>Windows (samples.csv 1 s, results.csv {@code -s}) are counted from the measurement start given
 * to {@link #beginMeasurement} (upstream counts from the first sample's start; the two differ by at
 * most the time to the first sample, and ours lines windows up with phase boundaries). A sample
 * belongs to the window its transaction started in. A window is closed, and its histograms dropped,
 * once samples ending a grace period (default 60 s, longer than InnoDB's 50 s lock wait) after its
 * end have been seen; see {@link WindowSeries} for what happens to the rare sample that arrives
 * later still.
 */
public final class MeasurementCollector implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(MeasurementCollector.class);

  /**
   * The {@code intendedStartNanos} of a sample from an unlimited phase. Not -1: System.nanoTime()
   * may be negative, so no time value can serve as the marker.
   */
  public static final long NOT_RATE_LIMITED = Long.MIN_VALUE;

  static final long DEFAULT_GRACE_NANOS = TimeUnit.SECONDS.toNanos(60);
  static final int BUFFER_CAPACITY = 1024;
  private static final long FOLD_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(1);
  private static final long SECOND_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final int windowSeconds;
  private final long windowNanos;
  private final boolean keepRawSamples;
  private final long graceNanos;
  private final int rawRunLength;

  private final LongAdder measured = new LongAdder();
  private final LongAdder recordedAfterFinish = new LongAdder();
  private volatile boolean finished;
  private final List<SampleBuffer> buffers = new CopyOnWriteArrayList<>();
  private final ThreadLocal<SampleBuffer> localBuffer =
      ThreadLocal.withInitial(this::registerBuffer);

  // Everything below is guarded by "lock".
  private final Object lock = new Object();
  private boolean originSet;
  private long originNanos;
  private long originEpochMicros;
  private long measureEndNanos = -1;
  private final LatencyAccumulator overall = new LatencyAccumulator(false);
  private final TypeAccumulators overallByType = new TypeAccumulators(false);
  private final LatencyAccumulator rateLimitedService = new LatencyAccumulator(false);
  private final LatencyAccumulator rateLimitedIntended = new LatencyAccumulator(false);
  private final TempFileSpool windowHistograms =
      new TempFileSpool("benchbase-windows-", "closed windows");
  private final WindowSeries seconds = new WindowSeries(false, windowHistograms);
  private final WindowSeries periods = new WindowSeries(true, windowHistograms);
  private final PhaseAggregates byPhase = new PhaseAggregates();
  private RawSampleSpool raw;
  private RuntimeException rawFailure;
  private long watermarkNanos = Long.MIN_VALUE;
  private long lastSweepNanos = Long.MIN_VALUE;

  /**
   * @param windowSeconds the {@code -s} window of results.csv (samples.csv always uses 1 s)
   * @param keepRawSamples whether raw.csv is written (upstream default: true)
   */
  public MeasurementCollector(int windowSeconds, boolean keepRawSamples) {
    this(windowSeconds, keepRawSamples, DEFAULT_GRACE_NANOS, RawSampleSpool.DEFAULT_RUN_LENGTH);
  }

  /** As above with an explicit window grace period (tests use short ones). */
  MeasurementCollector(
      int windowSeconds, boolean keepRawSamples, long graceNanos, int rawRunLength) {
    if (windowSeconds < 1) {
      throw new IllegalArgumentException(
          "the results window (-s) must be at least 1 second, got " + windowSeconds);
    }
    if (graceNanos < 0) {
      throw new IllegalArgumentException("window grace period must not be negative");
    }
    this.windowSeconds = windowSeconds;
    this.windowNanos = TimeUnit.SECONDS.toNanos(windowSeconds);
    this.keepRawSamples = keepRawSamples;
    this.graceNanos = graceNanos;
    this.rawRunLength = rawRunLength;
  }

  /**
   * A new collector with this one's settings, for samples that are recorded only to be thrown away
   * (the warm-up's, see {@code BenchmarkState#sink}): the same code runs on the same kind of data.
   */
  public MeasurementCollector rehearsal() {
    return new MeasurementCollector(windowSeconds, keepRawSamples, graceNanos, rawRunLength);
  }

  /** Called once when the benchmark enters MEASURE; windows are counted from here. */
  public void beginMeasurement(long measureStartNanos, long measureStartEpochMillis) {
    beginMeasurementMicros(measureStartNanos, measureStartEpochMillis * 1000);
  }

  /**
   * As {@link #beginMeasurement}, with the wall-clock time to the microsecond: the run's offset to
   * the database server's clock is taken against it, and a millisecond's truncation would be most
   * of that offset's uncertainty.
   */
  public void beginMeasurementMicros(long measureStartNanos, long measureStartEpochMicros) {
    synchronized (lock) {
      if (!originSet) {
        setOrigin(measureStartNanos, measureStartEpochMicros);
      }
    }
  }

  /**
   * One measured {@code doWork} call, whatever its outcome.
   *
   * @param intendedStartNanos when a rate-limited request was due (its queue time), or {@link
   *     #NOT_RATE_LIMITED} for unlimited phases; the latency from this point is the
   *     coordinated-omission-free one
   */
  public void record(
      int txnTypeId,
      long startNanos,
      long endNanos,
      long intendedStartNanos,
      int workerId,
      int phaseId) {
    if (finished) {
      recordedAfterFinish.increment();
      return;
    }
    measured.increment();
    SampleBuffer b = localBuffer.get();
    if (b.add(txnTypeId, startNanos, endNanos, intendedStartNanos, workerId, phaseId)) {
      synchronized (lock) {
        fold(b);
        maybeSweep();
      }
    }
  }

  /**
   * Measured requests that started from {@code fromNanos} (the start of the first one-second window
   * asked for) on, and their 99th percentile.
   */
  public record Recent(long requests, long p99Micros, long fromNanos) {}

  /**
   * The measured requests that started at or after {@code sinceNanos} (System.nanoTime), from the
   * one-second windows still open, with every thread's buffered samples folded in first: for
   * progress lines during a run. Empty before measurement starts.
   */
  public Recent recent(long sinceNanos) {
    synchronized (lock) {
      if (!originSet) {
        return new Recent(0, 0, sinceNanos);
      }
      for (SampleBuffer b : buffers) {
        fold(b);
      }
      org.HdrHistogram.Histogram h =
          new org.HdrHistogram.Histogram(LatencyAccumulator.SIGNIFICANT_DIGITS);
      int first = windowIndex(sinceNanos - originNanos, SECOND_NANOS);
      seconds.addOpenFrom(first, h);
      long n = h.getTotalCount();
      return new Recent(
          n, n == 0 ? 0 : h.getValueAtPercentile(99), originNanos + first * SECOND_NANOS);
    }
  }

  /** Called once when measurement ends (normally or on error/SIGINT). */
  public void endMeasurement(long measureEndNanos) {
    synchronized (lock) {
      this.measureEndNanos = measureEndNanos;
    }
  }

  /** Samples recorded so far (all workers). */
  public long getMeasuredRequests() {
    return measured.sum();
  }

  public int getWindowSeconds() {
    return windowSeconds;
  }

  public boolean keepsRawSamples() {
    return keepRawSamples;
  }

  /**
   * Folds every buffered sample and closes all windows; later {@link #record} calls are ignored
   * (and counted in {@link #getRecordedAfterFinish}). Idempotent; the writer calls it.
   */
  public void finish() {
    synchronized (lock) {
      finished = true;
      for (SampleBuffer b : buffers) {
        fold(b);
      }
      if (originSet && measureEndNanos != -1 && measureEndNanos > originNanos) {
        // a stall at the end leaves no samples: its seconds still get their (empty) rows
        long span = measureEndNanos - originNanos;
        seconds.extendTo(windowsIn(span, SECOND_NANOS));
        periods.extendTo(windowsIn(span, windowNanos));
      }
      seconds.closeAll();
      periods.closeAll();
      if (raw != null) {
        raw.flush();
      }
    }
  }

  /**
   * Deletes the raw sample spool file and the window histogram spool, if any; the histogram file
   * can no longer be written afterwards.
   */
  @Override
  public void close() {
    synchronized (lock) {
      windowHistograms.close();
      if (raw != null) {
        raw.close();
        raw = null;
      }
    }
  }

  @Override
  public String toString() {
    synchronized (lock) {
      return "MeasurementCollector[measured="
          + measured.sum()
          + ", window="
          + windowSeconds
          + "s, raw="
          + keepRawSamples
          + ", measureEnd="
          + measureEndNanos
          + ", openWindows="
          + (seconds.openWindowCount() + periods.openWindowCount())
          + "]";
    }
  }

  public long getRecordedAfterFinish() {
    return recordedAfterFinish.sum();
  }

  // ---- read side (after finish) ----------------------------------------------------------

  /** All measured samples (the summary's "Latency Distribution"). */
  public LatencyStats overallStats() {
    return underLock(overall::stats);
  }

  /** Per transaction type id, ascending. */
  public Map<Integer, LatencyStats> statsByType() {
    return underLock(overallByType::stats);
  }

  /** Rate-limited samples only, latency from the request's intended start. */
  public LatencyStats intendedStartStats() {
    return underLock(rateLimitedIntended::stats);
  }

  /** Rate-limited samples only, latency from the actual start (same set as above). */
  public LatencyStats rateLimitedServiceStats() {
    return underLock(rateLimitedService::stats);
  }

  /** Per phase id (as recorded; 0 when the engine had no phase), ascending. */
  public Map<Integer, PhaseStats> phaseStats() {
    return underLock(byPhase::stats);
  }

  /** Percentile curve of all measured samples. */
  public PercentileCurve overallCurve() {
    return underLock(overall::curve);
  }

  /** Percentile curve per transaction type id, ascending. */
  public Map<Integer, PercentileCurve> curvesByType() {
    return underLock(overallByType::curves);
  }

  /** Percentile curve of rate-limited samples from their intended start. */
  public PercentileCurve intendedStartCurve() {
    return underLock(rateLimitedIntended::curve);
  }

  /** Percentile curve of rate-limited samples from their actual start. */
  public PercentileCurve rateLimitedServiceCurve() {
    return underLock(rateLimitedService::curve);
  }

  /** Number of 1-second windows from the origin to the last one holding a sample. */
  public int secondWindowCount() {
    return underLock(seconds::windowCount);
  }

  public LatencyStats secondWindow(int index) {
    return underLock(() -> seconds.row(index));
  }

  /** Number of {@code -s} windows from the origin to the last one holding a sample. */
  public int periodWindowCount() {
    return underLock(periods::windowCount);
  }

  public LatencyStats periodWindow(int index) {
    return underLock(() -> periods.row(index));
  }

  public LatencyStats periodWindow(int index, int typeId) {
    return underLock(() -> periods.row(index, typeId));
  }

  /**
   * Samples folded after their 1-second window had been closed (a -s window closes no earlier than
   * the 1-second windows it spans, so this also bounds the late samples of results.csv). They are
   * in every count, average, minimum and maximum, but not in those windows' percentiles.
   */
  public long lateSamples() {
    return underLock(seconds::lateSamples);
  }

  /** What {@code read} returns, read under the lock the recording side folds under. */
  private <T> T underLock(Supplier<T> read) {
    synchronized (lock) {
      return read.get();
    }
  }

  /**
   * The aggregates as the histogram file stores them (call after {@link #finish}). The window lists
   * read the spooled histograms when their elements are read, so they are valid until {@link
   * #close}.
   */
  HistogramSet.Measurements histograms() {
    synchronized (lock) {
      Map<Integer, EncodedLatency> byType = new java.util.TreeMap<>();
      for (Map.Entry<Integer, LatencyStats> e : overallByType.stats().entrySet()) {
        EncodedLatency encoded = EncodedLatency.of(overallByType.get(e.getKey()));
        if (encoded != null) {
          byType.put(e.getKey(), encoded);
        }
      }
      // Views read from the spool one window at a time while the file is written, so a long
      // run's window histograms are never all in memory at once.
      List<EncodedLatency> secondRows = new WindowView<>(seconds.windowCount(), this::secondEntry);
      List<HistogramSet.PeriodEntry> periodRows =
          new WindowView<>(periods.windowCount(), this::periodEntry);
      return new HistogramSet.Measurements(
          seconds.lateSamples(),
          EncodedLatency.of(overall),
          byType,
          EncodedLatency.of(rateLimitedIntended),
          EncodedLatency.of(rateLimitedService),
          byPhase.encoded(),
          secondRows,
          periodRows);
    }
  }

  private EncodedLatency secondEntry(int index) {
    synchronized (lock) {
      return seconds.encoded(index);
    }
  }

  private HistogramSet.PeriodEntry periodEntry(int index) {
    synchronized (lock) {
      EncodedLatency all = periods.encoded(index);
      return all == null ? null : new HistogramSet.PeriodEntry(all, periods.encodedByType(index));
    }
  }

  /** A read-only list whose elements are computed when read. */
  private static final class WindowView<T> extends java.util.AbstractList<T> {
    private final int size;
    private final java.util.function.IntFunction<T> element;

    WindowView(int size, java.util.function.IntFunction<T> element) {
      this.size = size;
      this.element = element;
    }

    @Override
    public T get(int index) {
      java.util.Objects.checkIndex(index, size);
      return element.apply(index);
    }

    @Override
    public int size() {
      return size;
    }
  }

  /**
   * A finished collector holding the aggregates of a histogram file (a merged result set): every
   * reader above gives what the original collector gave, except raw samples (there are none).
   */
  static MeasurementCollector restored(
      int windowSeconds, long originEpochMicros, HistogramSet.Measurements m) {
    MeasurementCollector c = new MeasurementCollector(windowSeconds, false);
    synchronized (c.lock) {
      c.setOrigin(0, originEpochMicros);
      c.finished = true;
      if (m.all() != null) {
        c.overall.add(m.all().decode());
        c.measured.add(m.all().count());
      }
      if (m.byType() != null) {
        m.byType().forEach((id, e) -> c.overallByType.get(id).add(e.decode()));
      }
      if (m.intendedStart() != null) {
        c.rateLimitedIntended.add(m.intendedStart().decode());
      }
      if (m.rateLimitedService() != null) {
        c.rateLimitedService.add(m.rateLimitedService().decode());
      }
      if (m.phases() != null) {
        m.phases().forEach(c.byPhase::restore);
      }
      List<EncodedLatency> secondRows = m.seconds() == null ? List.of() : m.seconds();
      for (int i = 0; i < secondRows.size(); i++) {
        c.seconds.restoreClosed(i, secondRows.get(i), null);
      }
      List<HistogramSet.PeriodEntry> periodRows = m.periods() == null ? List.of() : m.periods();
      for (int i = 0; i < periodRows.size(); i++) {
        HistogramSet.PeriodEntry p = periodRows.get(i);
        c.periods.restoreClosed(i, p == null ? null : p.all(), p == null ? null : p.byType());
      }
      c.seconds.closeAll();
      c.periods.closeAll();
      c.seconds.restoreLateSamples(m.lateSamples());
    }
    return c;
  }

  /**
   * Where window 0 begins, on the monotonic clock and on this process's wall clock.
   *
   * @param nanos {@code System.nanoTime()} of the measurement start
   * @param epochMicros this process's wall clock then
   */
  public record Origin(long nanos, long epochMicros) {}

  /** The measurement start, or null when the run never reached it (nor recorded a sample). */
  public Origin origin() {
    synchronized (lock) {
      return originSet ? new Origin(originNanos, originEpochMicros) : null;
    }
  }

  /** Epoch microseconds of the window origin (valid once a sample or the start was seen). */
  long originEpochMicros() {
    synchronized (lock) {
      return originEpochMicros;
    }
  }

  /** Why raw samples stopped being spooled, or null. */
  RuntimeException rawFailure() {
    synchronized (lock) {
      return rawFailure;
    }
  }

  /** Streams raw samples ordered by start time; no-op unless raw samples are kept. */
  void forEachRawSample(RawSampleSpool.Consumer consumer) throws java.io.IOException {
    synchronized (lock) {
      if (raw != null) {
        raw.forEachSorted(consumer);
      }
    }
  }

  // ---- memory diagnostics (tests) --------------------------------------------------------

  /** Objects holding per-sample state right now: open windows' histograms and buffers. */
  Map<String, Long> retainedCounts() {
    synchronized (lock) {
      Map<String, Long> m = new LinkedHashMap<>();
      m.put("openSecondWindows", (long) seconds.openWindowCount());
      m.put("openPeriodWindows", (long) periods.openWindowCount());
      m.put(
          "openHistograms",
          (long) (seconds.openAccumulatorCount() + periods.openAccumulatorCount()));
      long buffered = 0;
      for (SampleBuffer b : buffers) {
        buffered += b.size();
      }
      m.put("bufferedSamples", buffered);
      m.put("rawSamplesInMemory", raw == null ? 0L : raw.bufferedCount());
      m.put(
          "closedRowBlocks",
          (long) (seconds.closedRowBlockCount() + periods.closedRowBlockCount()));
      return m;
    }
  }

  /** Sorted runs in the raw spool (tests check the merge is exercised). */
  int rawRunCount() {
    synchronized (lock) {
      return raw == null ? 0 : raw.runCount();
    }
  }

  // ---- aggregation (under lock) ----------------------------------------------------------

  private SampleBuffer registerBuffer() {
    SampleBuffer b = new SampleBuffer();
    buffers.add(b);
    return b;
  }

  private void setOrigin(long nanos, long epochMicros) {
    originSet = true;
    originNanos = nanos;
    originEpochMicros = epochMicros;
  }

  private void fold(SampleBuffer b) {
    synchronized (b) {
      try {
        for (int i = 0; i < b.size; i++) {
          aggregate(b.type[i], b.start[i], b.end[i], b.intended[i], b.worker[i], b.phase[i]);
        }
        if (b.size > 0) {
          b.lastFoldNanos = b.end[b.size - 1];
        }
      } finally {
        b.size = 0;
      }
    }
  }

  private void aggregate(int type, long start, long end, long intended, int worker, int phase) {
    if (!originSet) {
      // No beginMeasurement yet: count from this sample, placed on the wall clock now.
      long epochMicros = ProcessClock.epochMicros() - Math.max(0, end - start) / 1000;
      setOrigin(start, epochMicros);
    }
    long micros = (end - start + 500) / 1000;
    overall.record(micros);
    if (type >= 0) {
      overallByType.get(type).record(micros);
    }
    long intendedMicros = -1;
    if (intended != NOT_RATE_LIMITED) {
      // A request cannot be served before it was due; if the engine dequeued it early, the
      // service time is the honest lower bound.
      long from = Math.min(intended, start);
      intendedMicros = (end - from + 500) / 1000;
      rateLimitedIntended.record(intendedMicros);
      rateLimitedService.record(micros);
    }
    long offset = start - originNanos;
    byPhase.record(phase, type, offset, end - originNanos, micros, intendedMicros);
    seconds.add(windowIndex(offset, SECOND_NANOS), type, micros);
    periods.add(windowIndex(offset, windowNanos), type, micros);
    if (keepRawSamples && rawFailure == null) {
      try {
        if (raw == null) {
          raw = new RawSampleSpool(rawRunLength);
        }
        raw.add(type, originEpochMicros + Math.floorDiv(offset, 1000), (int) micros, worker, phase);
      } catch (RuntimeException e) {
        // A full disk must not kill the benchmark: keep aggregating, report it with the files.
        rawFailure = e;
        LOG.error("raw samples can no longer be spooled; raw.csv will not be written", e);
        RawSampleSpool broken = raw;
        raw = null;
        if (broken != null) {
          try {
            broken.close();
          } catch (RuntimeException ignored) {
            // the original failure is the one reported
          }
        }
      }
    }
    if (end > watermarkNanos) {
      watermarkNanos = end;
    }
  }

  /** Windows of {@code length} that a span covers, a partial last one included. */
  private static int windowsIn(long spanNanos, long length) {
    // a span of exactly k windows (the usual phase end) is k windows, not k + 1
    return (int) Math.min(Integer.MAX_VALUE, (spanNanos - 1) / length + 1);
  }

  /** Samples starting before the origin (a race with beginMeasurement) go to window 0. */
  private static int windowIndex(long offsetNanos, long windowLength) {
    return offsetNanos <= 0 ? 0 : (int) Math.min(Integer.MAX_VALUE, offsetNanos / windowLength);
  }

  /**
   * At most once per second of sample time: fold every thread's buffer (so an idle thread's last
   * samples are not mistaken for late ones) and close the windows that ended more than the grace
   * period before the newest sample end.
   */
  private void maybeSweep() {
    if (lastSweepNanos != Long.MIN_VALUE && watermarkNanos - lastSweepNanos < FOLD_INTERVAL_NANOS) {
      return;
    }
    lastSweepNanos = watermarkNanos;
    for (SampleBuffer b : buffers) {
      fold(b);
    }
    long closedUntil = watermarkNanos - graceNanos - originNanos;
    if (closedUntil > 0) {
      seconds.closeBelow((int) Math.min(Integer.MAX_VALUE, closedUntil / SECOND_NANOS));
      periods.closeBelow((int) Math.min(Integer.MAX_VALUE, closedUntil / windowNanos));
    }
  }

  /** One recording thread's samples not yet folded into the aggregates. */
  private static final class SampleBuffer {
    final int[] type = new int[BUFFER_CAPACITY];
    final long[] start = new long[BUFFER_CAPACITY];
    final long[] end = new long[BUFFER_CAPACITY];
    final long[] intended = new long[BUFFER_CAPACITY];
    final int[] worker = new int[BUFFER_CAPACITY];
    final int[] phase = new int[BUFFER_CAPACITY];
    int size;
    long lastFoldNanos = Long.MIN_VALUE;

    /** Appends a sample; true when the buffer should be folded now. */
    synchronized boolean add(
        int typeId, long startNanos, long endNanos, long intendedNanos, int workerId, int phaseId) {
      // Never full here: the owner folds as soon as add() says so, before its next add().
      type[size] = typeId;
      start[size] = startNanos;
      end[size] = endNanos;
      intended[size] = intendedNanos;
      worker[size] = workerId;
      phase[size] = phaseId;
      size++;
      if (lastFoldNanos == Long.MIN_VALUE) {
        lastFoldNanos = endNanos;
      }
      return size == BUFFER_CAPACITY || endNanos - lastFoldNanos >= FOLD_INTERVAL_NANOS;
    }

    synchronized int size() {
      return size;
    }
  }
}
