package com.oltpbenchmark.benchmarks.socialgraph.payload;

import java.util.Random;

/**
 * LinkBench's compressible payloads: the buffer is filled in chunks of up to 128 bytes; with
 * probability {@code uniqueness} a chunk is fresh random bytes in {@code [startByte, endByte]},
 * otherwise it is copied from a random offset of a fixed motif of {@code motifLength} bytes. So
 * {@code uniqueness} is the expected share of incompressible chunks.
 *
 * <p>Deliberate differences from LinkBench: {@code motif_length} is honoured (LinkBench's {@code
 * Properties.contains} looked at values, so the motif was always 512 bytes), and the motif comes
 * from its own seed at construction rather than from the first caller's stream, so the generated
 * bytes are a pure function of the caller's stream and the generator is thread-safe.
 */
public final class MotifDataGenerator implements DataGenerator {
  /** Chunk size of LinkBench's generator. */
  public static final int CHUNK = 128;

  private final int start;
  private final int range;
  private final double uniqueness;
  private final byte[] motif;
  private final int chunk;

  public MotifDataGenerator(
      int startByte, int endByte, double uniqueness, int motifLength, long motifSeed) {
    if (startByte < 0 || endByte > 255 || startByte >= endByte) {
      throw new IllegalArgumentException(
          "need 0 <= startbyte < endbyte <= 255, got " + startByte + ", " + endByte);
    }
    if (!(uniqueness >= 0 && uniqueness <= 1)) {
      throw new IllegalArgumentException("uniqueness must be in [0, 1], got " + uniqueness);
    }
    if (motifLength < 1) {
      throw new IllegalArgumentException("motif_length must be >= 1, got " + motifLength);
    }
    this.start = startByte;
    this.range = endByte - startByte + 1;
    this.uniqueness = uniqueness;
    this.chunk = Math.min(CHUNK, motifLength);
    this.motif = new byte[motifLength];
    Random seeded = new Random(motifSeed);
    for (int i = 0; i < motifLength; i++) {
      motif[i] = (byte) (start + seeded.nextInt(range));
    }
  }

  /** A copy of the motif buffer (for tests and diagnostics). */
  public byte[] motifCopy() {
    return motif.clone();
  }

  public int motifLength() {
    return motif.length;
  }

  @Override
  public void fill(Random rng, byte[] data) {
    int n = data.length;
    for (int i = 0; i < n; i += chunk) {
      int len = Math.min(chunk, n - i);
      if (rng.nextDouble() < uniqueness) {
        for (int j = i; j < i + len; j++) {
          data[j] = (byte) (start + rng.nextInt(range));
        }
      } else {
        int from = rng.nextInt(motif.length - len + 1);
        System.arraycopy(motif, from, data, i, len);
      }
    }
  }
}
