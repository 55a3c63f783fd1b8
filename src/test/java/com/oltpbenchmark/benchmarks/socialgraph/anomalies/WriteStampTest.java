package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class WriteStampTest {

  @Test
  void aStampedPayloadNamesItsTickAndKeepsItsLength() {
    WriteStamp stamp = new WriteStamp(3, 42);
    byte[] payload = new byte[150];
    new Random(1).nextBytes(payload);
    stamp.stampPayload(payload, 123_456_789L);
    assertEquals(150, payload.length);
    assertEquals(123_456_789L, stamp.tickOf(payload));
  }

  @Test
  void anotherProcessAnotherRunRandomBytesAndShortPayloadsNameNothing() {
    byte[] payload = new byte[64];
    new WriteStamp(3, 42).stampPayload(payload, 77);
    assertEquals(-1, new WriteStamp(4, 42).tickOf(payload), "another process");
    assertEquals(-1, new WriteStamp(3, 43).tickOf(payload), "another run");
    byte[] shortOne = new byte[WriteStamp.PAYLOAD_BYTES - 1];
    new WriteStamp(3, 42).stampPayload(shortOne, 77);
    assertEquals(-1, new WriteStamp(3, 42).tickOf(shortOne), "too short to carry a stamp");
    Random rng = new Random(7);
    WriteStamp s = new WriteStamp(0, 1);
    for (int i = 0; i < 100_000; i++) {
      byte[] b = new byte[32];
      rng.nextBytes(b);
      assertEquals(-1, s.tickOf(b));
    }
  }

  @Test
  void linkVersionsArePositiveAndNameTheirTick() {
    long tick = (1L << 31) + 5;
    int v = WriteStamp.linkVersion(tick);
    assertTrue(v >= 0);
    assertTrue(WriteStamp.versionNames(v, tick, true));
    assertTrue(WriteStamp.versionNames(tick, tick, false));
  }
}
