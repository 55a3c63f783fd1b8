package com.oltpbenchmark.util;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Byte chunks kept in a temporary file instead of the heap, so that what a long run accumulates
 * (closed windows, database readings) costs the driver's memory a handle per chunk at most. When
 * the file cannot be written (a full disk), chunks written from then on stay in memory: the run
 * goes on and nothing is lost, only the memory bound is.
 *
 * <p>A chunk can be rewritten in place, a range at a time; a range must be read back with the
 * offset and length it was written with once the file has failed (the range then lives in memory).
 *
 * <p>Not thread-safe: its owner serializes the calls.
 */
public final class TempFileSpool implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TempFileSpool.class);

  private final String prefix;
  private final String what;
  private final Path directory;
  private final long capacity;
  private Path file;

  /**
   * Not a FileChannel: an interrupt during a channel's I/O closes the channel for good, and the
   * threads that write here (terminals, the sampler) are interrupted when a run ends.
   */
  private RandomAccessFile data;

  private long end;
  private boolean unwritable;
  private boolean closed;

  /** Chunks put after the file failed, by their (negative) handle. */
  private final Map<Long, byte[]> memoryChunks = new HashMap<>();

  /** Ranges of file chunks rewritten after the file failed, by their position in the file. */
  private final Map<Long, byte[]> memoryRanges = new HashMap<>();

  private long nextMemoryHandle = -1;

  /**
   * @param prefix the temporary file's name prefix, saying whose file it is
   * @param what what the chunks are, for the warning when the file fails
   */
  public TempFileSpool(String prefix, String what) {
    this(prefix, what, null, Long.MAX_VALUE);
  }

  /**
   * @param directory where the file goes (null: the system's temporary directory)
   * @param capacity bytes the file may hold; a write past it fails as on a full disk
   */
  public TempFileSpool(String prefix, String what, Path directory, long capacity) {
    this.prefix = prefix;
    this.what = what;
    this.directory = directory;
    this.capacity = capacity;
  }

  /** Stores a chunk and returns its handle. */
  public long put(byte[] bytes) {
    requireOpen();
    if (!unwritable) {
      try {
        if (data == null) {
          file =
              directory == null
                  ? Files.createTempFile(prefix, ".spool")
                  : Files.createTempFile(directory, prefix, ".spool");
          file.toFile().deleteOnExit();
          data = new RandomAccessFile(file.toFile(), "rw");
        }
        long at = end;
        writeAt(bytes, at);
        end = at + bytes.length;
        return at;
      } catch (IOException e) {
        failed(e);
      }
    }
    long handle = nextMemoryHandle--;
    memoryChunks.put(handle, bytes.clone());
    return handle;
  }

  /** The {@code length} bytes at {@code offset} in the chunk {@code handle}. */
  public byte[] read(long handle, int offset, int length) {
    requireOpen();
    if (handle < 0) {
      byte[] chunk = chunk(handle);
      byte[] out = new byte[length];
      System.arraycopy(chunk, offset, out, 0, length);
      return out;
    }
    byte[] rewritten = memoryRanges.get(handle + offset);
    if (rewritten != null && rewritten.length == length) {
      return rewritten.clone();
    }
    byte[] b = new byte[length];
    try {
      data.seek(handle + offset);
      data.readFully(b);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read back from the spool file " + file, e);
    }
    return b;
  }

  /** The whole chunk {@code handle}, {@code length} bytes long. */
  public byte[] get(long handle, int length) {
    return read(handle, 0, length);
  }

  /** Overwrites {@code bytes.length} bytes at {@code offset} in the chunk {@code handle}. */
  public void write(long handle, int offset, byte[] bytes) {
    requireOpen();
    if (handle < 0) {
      System.arraycopy(bytes, 0, chunk(handle), offset, bytes.length);
      return;
    }
    if (!unwritable) {
      try {
        writeAt(bytes, handle + offset);
        return;
      } catch (IOException e) {
        failed(e);
      }
    }
    memoryRanges.put(handle + offset, bytes.clone());
  }

  /** Whether chunks have had to be kept in memory (the file could not be written). */
  public boolean inMemory() {
    return unwritable;
  }

  /** The spool file, or null before the first chunk or after {@link #close}. */
  Path file() {
    return file;
  }

  /** Deletes the file; every chunk is gone. */
  @Override
  public void close() {
    closed = true;
    memoryChunks.clear();
    memoryRanges.clear();
    try {
      if (data != null) {
        data.close();
      }
      if (file != null) {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      LOG.debug("cannot delete {}: {}", file, e.toString());
    }
    data = null;
    file = null;
  }

  private void writeAt(byte[] bytes, long at) throws IOException {
    if (at + bytes.length > capacity) {
      throw new IOException("No space left on device (the spool's capacity)");
    }
    data.seek(at);
    data.write(bytes);
  }

  private void failed(IOException e) {
    unwritable = true;
    LOG.warn(
        "{} can no longer be spooled to a file ({}); keeping them in memory", what, e.toString());
  }

  private byte[] chunk(long handle) {
    byte[] chunk = memoryChunks.get(handle);
    if (chunk == null) {
      throw new IllegalArgumentException("no chunk " + handle + " in the spool");
    }
    return chunk;
  }

  private void requireOpen() {
    if (closed) {
      throw new IllegalStateException("the spool was deleted (its owner closed it)");
    }
  }
}
