package com.oltpbenchmark.benchmarks.socialgraph.config;

/**
 * A payload generator ({@code link_add_datagen} and friends): bytes are drawn from {@code
 * [startByte, endByte]} (both inclusive, as in LinkBench). For {@link Kind#MOTIF}, {@code
 * uniqueness} is the expected share of 128-byte chunks that are fresh random bytes; the others are
 * copied from a per-generator motif buffer of {@code motifLength} bytes.
 */
public record PayloadSpec(
    Kind kind, int startByte, int endByte, double uniqueness, int motifLength) {

  public enum Kind {
    MOTIF,
    UNIFORM
  }
}
