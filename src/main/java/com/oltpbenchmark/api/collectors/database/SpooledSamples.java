package com.oltpbenchmark.api.collectors.database;

import com.oltpbenchmark.api.collectors.database.DatabaseSampler.Sample;
import com.oltpbenchmark.util.TempFileSpool;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The sampler's readings, kept in a spool file: one reading per results window, each with dozens of
 * counters, would otherwise grow the driver's heap for as long as the run lasts. The heap keeps 12
 * bytes per reading (where it is and how long).
 *
 * <p>Not thread-safe; the sampler calls it under its own lock.
 */
final class SpooledSamples implements AutoCloseable {
  private final TempFileSpool spool = new TempFileSpool("benchbase-database-", "database readings");
  private long[] handles = new long[64];
  private int[] lengths = new int[64];
  private int size;
  private boolean closed;

  /** Adds a reading; one taken after {@link #close} (the run's figures are built) is not kept. */
  void add(Sample s) {
    if (closed) {
      return;
    }
    byte[] b = encode(s);
    if (size == handles.length) {
      handles = Arrays.copyOf(handles, size * 2);
      lengths = Arrays.copyOf(lengths, size * 2);
    }
    handles[size] = spool.put(b);
    lengths[size] = b.length;
    size++;
  }

  int size() {
    return size;
  }

  /** Every reading, in the order added. */
  List<Sample> all() {
    List<Sample> out = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      out.add(decode(spool.get(handles[i], lengths[i])));
    }
    return out;
  }

  /** Deletes the readings. */
  @Override
  public void close() {
    closed = true;
    spool.close();
  }

  static byte[] encode(Sample s) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeLong(s.nanos());
      out.writeUTF(s.event());
      out.writeInt(s.phase());
      out.writeBoolean(s.measuring());
      out.writeInt(s.gap() ? -1 : s.values().size());
      if (!s.gap()) {
        for (Map.Entry<String, Long> e : s.values().entrySet()) {
          out.writeUTF(e.getKey());
          out.writeBoolean(e.getValue() != null);
          out.writeLong(e.getValue() == null ? 0 : e.getValue());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  static Sample decode(byte[] b) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(b))) {
      long nanos = in.readLong();
      String event = in.readUTF();
      int phase = in.readInt();
      boolean measuring = in.readBoolean();
      int n = in.readInt();
      Map<String, Long> values = null;
      if (n >= 0) {
        values = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
          String key = in.readUTF();
          boolean present = in.readBoolean();
          long v = in.readLong();
          values.put(key, present ? v : null);
        }
      }
      return new Sample(nanos, event, phase, measuring, values);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
