package com.oltpbenchmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** summary.json's "Clock Offset": written in milliseconds to the microsecond, read back exactly. */
class ClockOffsetTest {

  @Test
  void aMeasuredOffsetIsWrittenInMillisecondsAndReadBack() {
    ClockOffset o = ClockOffset.measured(-20_003_217, 312, "POSTGRES clock_timestamp(): ...");
    Map<String, Object> s = o.toSummary();
    assertEquals(-20003.217, (Double) s.get("Offset (milliseconds)"), 1e-9);
    assertEquals(0.312, (Double) s.get("Uncertainty (milliseconds)"), 1e-9);
    assertEquals("POSTGRES clock_timestamp(): ...", s.get("Method"));
    assertNull(s.get("Not Measured"));
    assertEquals(o, ClockOffset.fromSummary(s));
    assertEquals("-20003.217 ms ± 0.312", o.describe());
  }

  @Test
  void notMeasuredSaysWhy() {
    ClockOffset o = ClockOffset.notMeasured("not measured: SQLite has no server");
    Map<String, Object> s = o.toSummary();
    assertNull(s.get("Offset (milliseconds)"));
    assertEquals("not measured: SQLite has no server", s.get("Not Measured"));
    assertEquals(o, ClockOffset.fromSummary(s));
  }

  @Test
  void anAbsentKeyIsNoOffsetAndAMalformedOneIsAnError() {
    assertNull(ClockOffset.fromSummary(null), "a result set of an older runtime");
    assertThrows(IllegalArgumentException.class, () -> ClockOffset.fromSummary("12 ms"));
    Map<String, Object> text = new LinkedHashMap<>();
    text.put("Offset (milliseconds)", "twelve");
    text.put("Uncertainty (milliseconds)", 0.1);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ClockOffset.fromSummary(text));
    assertTrue(e.getMessage().contains("not two numbers"), e.getMessage());
    Map<String, Object> negative = new LinkedHashMap<>();
    negative.put("Offset (milliseconds)", 1.0);
    negative.put("Uncertainty (milliseconds)", -0.1);
    assertThrows(IllegalArgumentException.class, () -> ClockOffset.fromSummary(negative));
  }
}
