package com.oltpbenchmark.results;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The raw samples of a run, spooled to a temporary file so that keeping raw.csv does not hold
 * millions of objects in memory. Samples arrive roughly in completion order; they are buffered in
 * primitive arrays, each full buffer is sorted by start time and written as one run, and {@link
 * #forEachSorted} merges the runs (k-way) into global start-time order.
 *
 * <p>Not thread-safe; the collector calls it under its aggregation lock.
 */
final class RawSampleSpool implements AutoCloseable {

  /** One raw.csv row. */
  interface Consumer {
    void accept(int typeId, long startEpochMicros, int latencyMicros, int workerId, int phaseId)
        throws IOException;
  }

  static final int RECORD_BYTES = 4 + 8 + 4 + 4 + 4;
  private static final int INDEX_BITS = 16;
  static final int DEFAULT_RUN_LENGTH = 1 << INDEX_BITS;

  /** Start times may precede the key origin by this much (about 12 days) and still sort. */
  private static final long KEY_OFFSET_MICROS = 1L << 40;

  private final int runLength;
  private final int[] type;
  private final long[] start;
  private final int[] latency;
  private final int[] worker;
  private final int[] phase;
  private int size;

  private final List<long[]> runs = new ArrayList<>(); // {first record, record count}
  private long written;
  private long keyOrigin = Long.MIN_VALUE;
  private Path file;
  private OutputStream out;

  /**
   * A run's sort keys and its encoded records, kept from run to run: a run is written by the
   * terminal that filled it, under the collector's lock, so it is encoded into one buffer and
   * written a block at a time rather than field by field through a synchronized stream.
   */
  private long[] keys;

  private ByteBuffer block;

  /** Records per written block (about 64 KB). */
  static final int BLOCK_RECORDS = 2730;

  RawSampleSpool() {
    this(DEFAULT_RUN_LENGTH);
  }

  RawSampleSpool(int runLength) {
    if (runLength < 1 || runLength > DEFAULT_RUN_LENGTH) {
      throw new IllegalArgumentException("run length must be in [1, 65536]: " + runLength);
    }
    this.runLength = runLength;
    type = new int[runLength];
    start = new long[runLength];
    latency = new int[runLength];
    worker = new int[runLength];
    phase = new int[runLength];
  }

  void add(int typeId, long startEpochMicros, int latencyMicros, int workerId, int phaseId) {
    if (keyOrigin == Long.MIN_VALUE) {
      keyOrigin = startEpochMicros - KEY_OFFSET_MICROS;
    }
    type[size] = typeId;
    start[size] = startEpochMicros;
    latency[size] = latencyMicros;
    worker[size] = workerId;
    phase[size] = phaseId;
    size++;
    if (size == runLength) {
      writeRun();
    }
  }

  /** Samples currently buffered in memory (at most one run). */
  int bufferedCount() {
    return size;
  }

  int runCount() {
    return runs.size();
  }

  /** Writes the buffered tail as a last run; the spool then only reads. */
  void flush() {
    if (size > 0) {
      writeRun();
    }
    if (out != null) {
      try {
        out.flush();
      } catch (IOException e) {
        throw new UncheckedIOException("cannot write raw sample spool " + file, e);
      }
    }
  }

  /** Calls {@code consumer} for every sample, ordered by start time. Flushes first. */
  void forEachSorted(Consumer consumer) throws IOException {
    flush();
    if (runs.isEmpty()) {
      return;
    }
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      PriorityQueue<RunCursor> queue = new PriorityQueue<>();
      for (int r = 0; r < runs.size(); r++) {
        RunCursor c = new RunCursor(ch, r, runs.get(r)[0], runs.get(r)[1]);
        if (c.advance()) {
          queue.add(c);
        }
      }
      while (!queue.isEmpty()) {
        RunCursor c = queue.poll();
        consumer.accept(c.type, c.start, c.latency, c.worker, c.phase);
        if (c.advance()) {
          queue.add(c);
        }
      }
    }
  }

  @Override
  public void close() {
    try {
      if (out != null) {
        out.close();
      }
      if (file != null) {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove raw sample spool " + file, e);
    } finally {
      out = null;
      file = null;
      runs.clear();
      written = 0;
      size = 0;
    }
  }

  private void writeRun() {
    // Sort by start time: pack (start - origin) and the buffer index into one long, sort the
    // primitives, and unpack the index. Equal start times keep arrival order.
    if (keys == null) {
      keys = new long[runLength];
    }
    for (int i = 0; i < size; i++) {
      long rel = start[i] - keyOrigin;
      if (rel < 0 || rel >= (1L << (63 - INDEX_BITS))) {
        throw new IllegalStateException(
            "raw sample start time out of the sortable range: "
                + start[i]
                + " us (first sample "
                + (keyOrigin + KEY_OFFSET_MICROS)
                + " us)");
      }
      keys[i] = (rel << INDEX_BITS) | i;
    }
    Arrays.sort(keys, 0, size);
    try {
      if (out == null) {
        file = Files.createTempFile("socialgraph-raw-", ".spool");
        file.toFile().deleteOnExit();
        out = Files.newOutputStream(file);
        block = ByteBuffer.allocate(BLOCK_RECORDS * RECORD_BYTES);
      }
      // big-endian, field by field as RunCursor reads them back
      for (int r = 0; r < size; r++) {
        int i = (int) (keys[r] & ((1 << INDEX_BITS) - 1));
        block.putInt(type[i]).putLong(start[i]).putInt(latency[i]).putInt(worker[i]);
        block.putInt(phase[i]);
        if (!block.hasRemaining()) {
          writeBlock();
        }
      }
      writeBlock();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write raw sample spool " + file, e);
    }
    runs.add(new long[] {written, size});
    written += size;
    size = 0;
  }

  private void writeBlock() throws IOException {
    out.write(block.array(), 0, block.position());
    block.clear();
  }

  /** Reads one sorted run sequentially through a small buffer. */
  private static final class RunCursor implements Comparable<RunCursor> {
    private static final int BUFFER_RECORDS = 256;
    private final FileChannel channel;
    private final int run;
    private long position;
    private long remaining;
    private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_RECORDS * RECORD_BYTES);
    int type;
    long start;
    int latency;
    int worker;
    int phase;

    RunCursor(FileChannel channel, int run, long firstRecord, long count) {
      this.channel = channel;
      this.run = run;
      this.position = firstRecord * RECORD_BYTES;
      this.remaining = count;
      buffer.limit(0);
    }

    boolean advance() throws IOException {
      if (remaining == 0) {
        return false;
      }
      if (buffer.remaining() < RECORD_BYTES) {
        buffer.clear();
        int want = (int) Math.min(BUFFER_RECORDS, remaining) * RECORD_BYTES;
        buffer.limit(want);
        while (buffer.hasRemaining()) {
          int n = channel.read(buffer, position);
          if (n < 0) {
            throw new IOException("raw sample spool truncated at byte " + position);
          }
          position += n;
        }
        buffer.flip();
      }
      type = buffer.getInt();
      start = buffer.getLong();
      latency = buffer.getInt();
      worker = buffer.getInt();
      phase = buffer.getInt();
      remaining--;
      return true;
    }

    @Override
    public int compareTo(RunCursor o) {
      int c = Long.compare(start, o.start);
      return c != 0 ? c : Integer.compare(run, o.run);
    }
  }
}
