package com.oltpbenchmark.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The compressed histograms of closed windows, kept in a temporary file so that the collector's
 * memory does not grow with run length by their size (a few kilobytes per second of run). Only a
 * small reference per window stays in memory. When the file cannot be written (a full disk), later
 * histograms are kept in memory instead: the run goes on and the histogram file stays complete.
 *
 * <p>Not thread-safe; the collector calls it under its aggregation lock.
 */
final class WindowHistogramSpool implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(WindowHistogramSpool.class);

  /** Where one histogram is: at {@code offset} in the file, or in {@code bytes}. */
  record Ref(long offset, int length, byte[] bytes) {}

  private Path file;
  private FileChannel channel;
  private long end;
  private boolean unwritable;

  Ref put(byte[] bytes) {
    if (!unwritable) {
      try {
        if (channel == null) {
          file = Files.createTempFile("benchbase-windows-", ".hdr");
          file.toFile().deleteOnExit();
          channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        }
        long offset = end;
        ByteBuffer b = ByteBuffer.wrap(bytes);
        while (b.hasRemaining()) {
          end += channel.write(b, end);
        }
        return new Ref(offset, bytes.length, null);
      } catch (IOException e) {
        unwritable = true;
        LOG.warn(
            "window histograms can no longer be spooled ({}); keeping them in memory",
            e.toString());
      }
    }
    return new Ref(-1, bytes.length, bytes);
  }

  byte[] get(Ref ref) {
    if (ref.bytes() != null) {
      return ref.bytes();
    }
    if (channel == null) {
      throw new IllegalStateException("the window histograms were deleted (collector closed)");
    }
    ByteBuffer b = ByteBuffer.allocate(ref.length());
    try {
      while (b.hasRemaining()) {
        int n = channel.read(b, ref.offset() + b.position());
        if (n < 0) {
          throw new IOException("spool file " + file + " ends early");
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read back a window histogram", e);
    }
    return b.array();
  }

  /** Deletes the file; the histograms spooled are gone. */
  @Override
  public void close() {
    try {
      if (channel != null) {
        channel.close();
      }
      if (file != null) {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      LOG.debug("cannot delete {}: {}", file, e.toString());
    }
    channel = null;
    file = null;
    end = 0;
    unwritable = false;
  }
}
