package com.oltpbenchmark.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.jdbc.AutoIncrementPreparedStatement;
import com.oltpbenchmark.types.DatabaseType;
import com.oltpbenchmark.util.Histogram;
import com.oltpbenchmark.util.TimeUtil;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The small runtime helpers a module may use, as the API spec describes them. */
class RuntimeUtilitiesTest {
  @Test
  void histogramCountsPerValue() {
    Histogram<String> h = new Histogram<>();
    h.put("a");
    h.put("b", 3);
    h.putAll(List.of("a", "c"));
    assertEquals(2, h.get("a", 0));
    assertEquals(3, h.get("b", 0));
    assertEquals(0, h.get("z", 0));
    assertEquals(6, h.getSampleCount());
    assertEquals(3, h.getValueCount());
    assertEquals("a", h.getMinValue());
    assertEquals("c", h.getMaxValue());
    h.removeAll("b");
    assertFalse(h.contains("b"));
    h.clear();
    assertTrue(h.isEmpty());
  }

  /** Counts go up and down in place; a count back at zero leaves unless zero entries are kept. */
  @Test
  void histogramCountsFallToZeroAndMerge() {
    Histogram<Integer> h = new Histogram<>();
    for (int i = 0; i < 1_000; i++) {
      h.put(7);
    }
    assertEquals(Integer.valueOf(1_000), h.get(7));
    h.put(7, -1_000);
    assertFalse(h.contains(7), "a zero count is dropped");
    assertEquals(0, h.getSampleCount());
    h.set(3, 5);
    h.set(3, 2);
    assertEquals(2, h.getSampleCount());
    Histogram<Integer> kept = new Histogram<>(true);
    kept.put(1, 4);
    kept.put(1, -4);
    assertTrue(kept.contains(1), "kept at zero");
    assertEquals(0, kept.get(1, -1));
    kept.putHistogram(h);
    assertEquals(2, kept.get(3, 0));
    assertEquals("1  0\n3  2", kept.toString());
  }

  @Test
  void timeStringsSortAsTime() {
    assertTrue(
        TimeUtil.getCurrentTimeString().matches("\\d{4}-\\d\\d-\\d\\d_\\d\\d-\\d\\d-\\d\\d"),
        TimeUtil.getCurrentTimeString());
    assertTrue(TimeUtil.getCurrentTimeString14().matches("\\d{14}"));
  }

  @Test
  void returnedKeysOfReturningStatementsComeFromTheResultSet() throws Exception {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite::memory:");
        Statement st = c.createStatement()) {
      st.execute("CREATE TABLE t (id INTEGER PRIMARY KEY AUTOINCREMENT, v INT)");
      try (PreparedStatement ps =
          new AutoIncrementPreparedStatement(
              DatabaseType.POSTGRES,
              c.prepareStatement("INSERT INTO t (v) VALUES (?) RETURNING id"))) {
        ps.setInt(1, 7);
        ps.execute();
        try (ResultSet keys = ps.getGeneratedKeys()) {
          assertTrue(keys.next());
          assertEquals(1, keys.getInt(1));
        }
      }
    }
  }
}
