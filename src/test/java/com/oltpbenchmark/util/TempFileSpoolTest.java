package com.oltpbenchmark.util;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TempFileSpoolTest {

  @TempDir Path dir;

  private static byte[] pattern(int n, int seed) {
    byte[] b = new byte[n];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) (i * 31 + seed);
    }
    return b;
  }

  @Test
  void chunksComeBackFromTheFileUntilItIsClosed() throws Exception {
    TempFileSpool spool = new TempFileSpool("spooltest-", "test chunks", dir, Long.MAX_VALUE);
    byte[] a = {1, 2, 3};
    byte[] b = pattern(10_000, 7);
    long ha = spool.put(a);
    long hb = spool.put(b);
    assertTrue(ha >= 0 && hb >= 0, "both in the file");
    assertFalse(spool.inMemory());
    Path file = spool.file();
    assertTrue(Files.size(file) >= 10_003, "the bytes are in the file");
    assertArrayEquals(b, spool.get(hb, b.length));
    assertArrayEquals(a, spool.get(ha, a.length));
    spool.close();
    assertThrows(IllegalStateException.class, () -> spool.get(ha, a.length));
    assertFalse(Files.exists(file), "the file is deleted on close");
    assertNull(spool.file());
  }

  @Test
  void aRangeRewrittenInPlaceReadsBackAndLeavesTheRestAlone() {
    try (TempFileSpool spool = new TempFileSpool("spooltest-", "test chunks", dir, 1 << 20)) {
      long h = spool.put(new byte[100]);
      long next = spool.put(pattern(50, 3));
      spool.write(h, 40, new byte[] {9, 8, 7});
      byte[] whole = spool.get(h, 100);
      assertArrayEquals(new byte[] {9, 8, 7}, Arrays.copyOfRange(whole, 40, 43));
      assertArrayEquals(new byte[40], Arrays.copyOfRange(whole, 0, 40));
      assertArrayEquals(pattern(50, 3), spool.get(next, 50), "the next chunk is untouched");
    }
  }

  @Test
  void aFullFileKeepsLaterChunksAndRewritesInMemoryWithNothingLost() {
    try (TempFileSpool spool = new TempFileSpool("spooltest-", "test chunks", dir, 150)) {
      long inFile = spool.put(new byte[100]);
      long inMemory = spool.put(pattern(100, 5)); // past the capacity: the file is full
      assertTrue(spool.inMemory(), "the spool says it fell back to memory");
      assertTrue(inFile >= 0 && inMemory < 0, inFile + " " + inMemory);
      assertArrayEquals(pattern(100, 5), spool.get(inMemory, 100));
      spool.write(inFile, 10, new byte[] {4, 4});
      assertArrayEquals(new byte[] {4, 4}, spool.read(inFile, 10, 2), "rewrite kept in memory");
      spool.write(inMemory, 0, new byte[] {1});
      assertArrayEquals(new byte[] {1}, spool.read(inMemory, 0, 1));
      assertArrayEquals(Arrays.copyOfRange(pattern(100, 5), 1, 100), spool.read(inMemory, 1, 99));
    }
  }

  /** Terminals and the sampler are interrupted when a run ends, possibly while they write here. */
  @Test
  void anInterruptedWriterLeavesTheFileReadable() {
    try (TempFileSpool spool =
        new TempFileSpool("spooltest-", "test chunks", dir, Long.MAX_VALUE)) {
      long before = spool.put(pattern(64, 2));
      Thread.currentThread().interrupt();
      long during;
      try {
        during = spool.put(pattern(64, 9));
        spool.write(before, 0, new byte[] {5});
      } finally {
        Thread.interrupted();
      }
      assertFalse(spool.inMemory(), "an interrupt is not a full disk");
      assertArrayEquals(pattern(64, 9), spool.get(during, 64));
      assertArrayEquals(new byte[] {5}, spool.read(before, 0, 1));
      assertArrayEquals(Arrays.copyOfRange(pattern(64, 2), 1, 64), spool.read(before, 1, 63));
    }
  }

  @Test
  void anUncreatableFileKeepsEveryChunkInMemory() {
    try (TempFileSpool spool =
        new TempFileSpool("spooltest-", "test chunks", dir.resolve("missing"), Long.MAX_VALUE)) {
      long h = spool.put(pattern(20, 1));
      assertTrue(h < 0 && spool.inMemory());
      assertArrayEquals(pattern(20, 1), spool.get(h, 20));
    }
  }
}
