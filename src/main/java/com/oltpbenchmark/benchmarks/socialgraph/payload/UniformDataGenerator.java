package com.oltpbenchmark.benchmarks.socialgraph.payload;

import java.util.Random;

/** Every byte uniform in {@code [startByte, endByte]} (end inclusive, as in LinkBench). */
public final class UniformDataGenerator implements DataGenerator {
  private final int start;
  private final int range;

  public UniformDataGenerator(int startByte, int endByte) {
    if (startByte < 0 || endByte > 255 || startByte >= endByte) {
      throw new IllegalArgumentException(
          "need 0 <= startbyte < endbyte <= 255, got " + startByte + ", " + endByte);
    }
    this.start = startByte;
    this.range = endByte - startByte + 1;
  }

  @Override
  public void fill(Random rng, byte[] data) {
    for (int i = 0; i < data.length; i++) {
      data[i] = (byte) (start + rng.nextInt(range));
    }
  }
}
