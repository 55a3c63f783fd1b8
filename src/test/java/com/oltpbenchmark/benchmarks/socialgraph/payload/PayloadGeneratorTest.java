package com.oltpbenchmark.benchmarks.socialgraph.payload;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PayloadGeneratorTest {

  @Test
  void uniformBytesCoverTheInclusiveRange() {
    UniformDataGenerator g = new UniformDataGenerator(32, 35);
    byte[] data = new byte[4000];
    g.fill(new Random(1), data);
    int[] counts = new int[256];
    for (byte b : data) {
      counts[b & 0xff]++;
    }
    for (int v = 32; v <= 35; v++) {
      assertEquals(1000, counts[v], 5 * Math.sqrt(4000 * 0.25 * 0.75), "byte " + v);
    }
    assertEquals(4000, counts[32] + counts[33] + counts[34] + counts[35]);
  }

  @Test
  void motifLengthIsHonoured() {
    // LinkBench always used 512 bytes; with a 128-byte motif and no unique chunks every
    // full chunk is the motif itself
    MotifDataGenerator g = new MotifDataGenerator(50, 220, 0.0, 128, 5);
    assertEquals(128, g.motifLength());
    byte[] a = new byte[1024];
    g.fill(new Random(2), a);
    for (int i = 128; i < 1024; i += 128) {
      for (int j = 0; j < 128; j++) {
        assertEquals(a[j], a[i + j]);
      }
    }
    MotifDataGenerator big = new MotifDataGenerator(50, 220, 0.0, 4096, 5);
    assertEquals(4096, big.motifLength());
  }

  @Test
  void uniquenessIsTheShareOfFreshChunks() {
    // a chunk copied from the motif occurs in it; a fresh random 128-byte chunk practically never
    // does
    MotifDataGenerator g = new MotifDataGenerator(0, 255, 0.3, 512, 9);
    Random rng = new Random(4);
    int chunks = 5000;
    int fresh = 0;
    for (int trial = 0; trial < chunks; trial++) {
      byte[] data = new byte[128];
      g.fill(rng, data);
      if (!containsMotifChunk(g, data)) {
        fresh++;
      }
    }
    assertEquals(0.3, (double) fresh / chunks, 5 * Math.sqrt(0.3 * 0.7 / chunks));
  }

  private static boolean containsMotifChunk(MotifDataGenerator g, byte[] chunk) {
    byte[] m = g.motifCopy();
    outer:
    for (int off = 0; off + chunk.length <= m.length; off++) {
      for (int j = 0; j < chunk.length; j++) {
        if (m[off + j] != chunk[j]) {
          continue outer;
        }
      }
      return true;
    }
    return false;
  }

  @Test
  void payloadsArePureFunctionsOfTheStream() {
    LinkBenchConfig c = LinkBenchConfig.defaults(1);
    PayloadGenerator a = PayloadGenerator.nodeAdd(c);
    PayloadGenerator b = PayloadGenerator.nodeAdd(c);
    for (int seed = 0; seed < 50; seed++) {
      assertArrayEquals(a.next(new Random(seed)), b.next(new Random(seed)));
    }
  }

  @Test
  void sizesFollowTheConfiguredMedianAndStayWithinLinkBenchsLimits() {
    Map<String, Object> m = new HashMap<>();
    m.put("link_datasize", 200);
    LinkBenchConfig c = LinkBenchConfig.fromMap(m, 1, "t");
    PayloadGenerator links = PayloadGenerator.linkAdd(c);
    Random rng = new Random(6);
    int below = 0;
    int n = 20_000;
    for (int i = 0; i < n; i++) {
      byte[] d = links.next(rng);
      assertTrue(d.length <= 254, "link payload " + d.length);
      if (d.length < 200) {
        below++;
      }
      for (byte x : d) {
        assertTrue((x & 0xff) >= 32 && (x & 0xff) <= 100);
      }
    }
    double expected = links.sizes().cdf(199);
    assertEquals(expected, (double) below / n, 5 * Math.sqrt(0.25 / n));
    assertTrue(expected > 0.45 && expected < 0.5, "about half below the median: " + expected);
  }
}
