package com.oltpbenchmark.api.collectors.resources;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** The /proc readers split lines into words as the kernel writes them, without a regex. */
class ProcFsTest {

  @Test
  void aStatLinesFieldsStartAfterTheCommandWhateverItHolds() {
    String stat = "4242 (C2 CompilerThre) (x) S 1 4242 4242 0 -1 4194368 9 0 0 0 17 5 0 0 20\n";
    String[] f = ProcFs.statFields(stat);
    assertEquals("S", f[0]);
    assertEquals("1", f[1]);
    assertEquals("17", f[11]);
    assertEquals("5", f[12]);
    assertEquals("20", f[f.length - 1]);
    assertNull(ProcFs.statFields("no command here"));
  }

  @Test
  void wordsAreSplitAtRunsOfSpacesTabsAndLineEnds() {
    assertArrayEquals(
        new String[] {"10", "0", "7", "99"}, ProcFs.words("cpu  10 0\t7 \r\n 99  ", 3, 19));
    assertArrayEquals(new String[] {"a"}, ProcFs.words("xa  ", 1, 4));
    assertArrayEquals(new String[0], ProcFs.words("   ", 0, 3));
  }
}
