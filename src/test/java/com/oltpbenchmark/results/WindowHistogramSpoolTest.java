package com.oltpbenchmark.results;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class WindowHistogramSpoolTest {
  @Test
  void histogramsComeBackFromTheFileUntilItIsClosed() {
    WindowHistogramSpool spool = new WindowHistogramSpool();
    byte[] a = {1, 2, 3};
    byte[] b = new byte[10_000];
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) (i * 31);
    }
    WindowHistogramSpool.Ref ra = spool.put(a);
    WindowHistogramSpool.Ref rb = spool.put(b);
    assertNull(rb.bytes(), "spooled to the file, not kept in memory");
    assertArrayEquals(b, spool.get(rb));
    assertArrayEquals(a, spool.get(ra));
    spool.close();
    assertThrows(IllegalStateException.class, () -> spool.get(ra));
  }
}
