package com.oltpbenchmark.benchmarks.socialgraph.loader;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Hands out consecutive id ranges of {@code chunkSize} ids to whichever loader thread asks next.
 * Which thread loads which chunk varies from run to run; the rows do not, because every row is a
 * function of its id alone.
 */
public final class ChunkQueue {

  private final long endId;
  private final long chunkSize;
  private final AtomicLong next;

  public ChunkQueue(long startId, long endId, long chunkSize) {
    if (chunkSize < 1) {
      throw new IllegalArgumentException("chunk size must be positive, got " + chunkSize);
    }
    this.endId = endId;
    this.chunkSize = chunkSize;
    this.next = new AtomicLong(startId);
  }

  /**
   * Start of the next chunk, or -1 when every chunk has been taken; the chunk ends at {@link #end}.
   */
  public long take() {
    long start = next.getAndAdd(chunkSize);
    return start < endId ? start : -1;
  }

  public long end(long chunkStart) {
    return Math.min(endId, chunkStart + chunkSize);
  }
}
