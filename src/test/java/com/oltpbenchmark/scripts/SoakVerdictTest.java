package com.oltpbenchmark.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleUnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * scripts/measure/soak.sh's verdict (scripts/measure/lib/soak_verdict.py) on synthetic heap series,
 * 30 samples 30 s apart with GC noise of ±0.8 MB (fixed seed): GROWING only for a significant rise
 * over the second half; a heap that falls, one that filled its samples first and then stayed flat,
 * and one that rises by less than 1 MB/h are PLATEAU.
 */
class SoakVerdictTest {
  @TempDir Path dir;

  private String verdict(DoubleUnaryOperator mbAtSecond, int samples) throws Exception {
    Random noise = new Random(42);
    StringBuilder tsv = new StringBuilder("elapsed_s\theap_used_mb\trss_mb\n");
    for (int i = 1; i <= samples; i++) {
      double t = 30.0 * i;
      double mb = mbAtSecond.applyAsDouble(t) + (noise.nextDouble() - 0.5) * 1.6;
      tsv.append(String.format(Locale.ROOT, "%.0f\t%.1f\t170.0%n", t, mb));
    }
    Path file = Files.writeString(dir.resolve("heap.tsv"), tsv);
    ProcessBuilder pb =
        new ProcessBuilder("python3", "scripts/measure/lib/soak_verdict.py", file.toString())
            .redirectErrorStream(true);
    pb.directory(new File(System.getProperty("user.dir")));
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "verdict did not end");
    assertEquals(0, p.exitValue(), out);
    return out;
  }

  /** Heaps of 30 samples, each with the verdict it must get. */
  static Stream<Arguments> heapsAndTheirVerdicts() {
    return Stream.of(
        // issue 32: a falling heap was called GROWING (the quarters' means differed by more than
        // 1 MB, in either direction); here the last quarter is about 1.6 MB below the one before
        heap("a heap that falls is not growing", t -> 36.1 - 3.4 * t / 450, "PLATEAU"),
        // issue 32's creep: +19 MB/h
        heap("a steady rise is growing", t -> 27.4 + 19.0 * t / 3600, "GROWING"),
        heap(
            "samples filling first then flat is a plateau",
            t -> 21 + 7 * Math.min(1, t / 300),
            "PLATEAU"),
        heap("flat noise is a plateau", t -> 28.5, "PLATEAU"),
        heap("a rise below 1 MB/h is a plateau", t -> 28.5 + 0.5 * t / 3600, "PLATEAU"));
  }

  private static Arguments heap(String what, DoubleUnaryOperator mbAtSecond, String verdict) {
    return Arguments.of(what, mbAtSecond, verdict);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("heapsAndTheirVerdicts")
  void heapGetsItsVerdict(String what, DoubleUnaryOperator mbAtSecond, String expected)
      throws Exception {
    String out = verdict(mbAtSecond, 30);
    assertTrue(out.contains("VERDICT  " + expected), out);
  }

  @Test
  void tooFewSamplesGiveNoVerdict() throws Exception {
    String out = verdict(t -> 28.5 + t, 7);
    assertTrue(out.contains("too few samples (7; need 8)"), out);
  }
}
