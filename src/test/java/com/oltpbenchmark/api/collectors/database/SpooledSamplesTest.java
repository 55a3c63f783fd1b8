package com.oltpbenchmark.api.collectors.database;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.oltpbenchmark.api.collectors.database.DatabaseSampler.Sample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SpooledSamplesTest {

  private static Sample reading(int i) {
    if (i % 10 == 4) {
      return new Sample(1_000L * i, "window", 1, true, null);
    }
    Map<String, Long> values = new LinkedHashMap<>();
    values.put("xact_commit", 17L * i);
    values.put("blks_read", (long) -i);
    values.put("wal_bytes (\u00e9)", Long.MAX_VALUE - i);
    if (i % 3 == 0) {
      values.put("absent here", null);
    }
    return new Sample(1_000L * i, i == 0 ? "start" : "window", i / 100, i % 2 == 0, values);
  }

  @Test
  void readingsComeBackInOrderWithTheirCountersGapsAndNulls() {
    List<Sample> want = new ArrayList<>();
    try (SpooledSamples samples = new SpooledSamples()) {
      for (int i = 0; i < 500; i++) {
        want.add(reading(i));
        samples.add(reading(i));
      }
      assertEquals(500, samples.size());
      List<Sample> got = samples.all();
      assertEquals(want, got);
      assertEquals(
          List.copyOf(want.get(3).values().keySet()),
          List.copyOf(got.get(3).values().keySet()),
          "counters keep their order (the CSV's columns follow it)");
    }
  }

  @Test
  void afterCloseReadingsAreGoneAndLateOnesAreNotKept() {
    SpooledSamples samples = new SpooledSamples();
    samples.add(reading(1));
    samples.close();
    samples.add(reading(2));
    assertEquals(1, samples.size());
    assertThrows(IllegalStateException.class, samples::all);
  }
}
