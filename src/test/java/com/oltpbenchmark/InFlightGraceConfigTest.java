package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code <inFlightGrace>}: seconds (a decimal), default 5, 0-3,600; anything else is refused. */
class InFlightGraceConfigTest {
  @TempDir Path dir;

  @Test
  void theGraceIsConfigurableInSeconds() throws Exception {
    assertEquals(ThreadBench.DEFAULT_IN_FLIGHT_GRACE_MS, grace(""));
    assertEquals(5_000, ThreadBench.DEFAULT_IN_FLIGHT_GRACE_MS);
    assertEquals(0, grace("<inFlightGrace>0</inFlightGrace>"));
    assertEquals(2_500, grace("<inFlightGrace>2.5</inFlightGrace>"));
    for (String bad : new String[] {"-1", "3601", "soon", "NaN"}) {
      ConfigurationError e =
          assertThrows(
              ConfigurationError.class,
              () -> grace("<inFlightGrace>" + bad + "</inFlightGrace>"),
              bad);
      assertTrue(e.getMessage().contains("inFlightGrace"), e.getMessage());
    }
  }

  private long grace(String element) throws Exception {
    return EngineHarness.readerOf(dir, element).inFlightGraceMillis();
  }
}
