package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import java.util.Random;

/**
 * LinkBench's arithmetic access modes, not shuffled. {@code u} is uniform in [start, end):
 * ROUND_ROBIN walks the ids in order (its own cursor: LinkBench passed 0 for link ops, so it always
 * returned startid1); RECIPROCAL {@code ceil((end - start) / u)}; MULTIPLE {@code cfg * ceil(u /
 * cfg)}; POWER {@code cfg^ceil(log_cfg u)}; PERFECT_POWER {@code ceil(u^(1/cfg))^cfg}. Results are
 * clamped into [start, end) (LinkBench could return end). Not thread-safe: one instance per worker.
 */
public final class BuiltinAccessDistribution implements AccessDistribution {

  public enum Mode {
    ROUND_ROBIN,
    RECIPROCAL,
    MULTIPLE,
    POWER,
    PERFECT_POWER
  }

  private final Mode mode;
  private final long start;
  private final long end;
  private final long config;
  private long cursor;

  public BuiltinAccessDistribution(Mode mode, long start, long end, long config) {
    if (end <= start) {
      throw new IllegalArgumentException("empty id range [" + start + ", " + end + ")");
    }
    if ((mode == Mode.MULTIPLE || mode == Mode.PERFECT_POWER) && config < 1) {
      throw new IllegalArgumentException(mode + " needs config >= 1, got " + config);
    }
    if (mode == Mode.POWER && config < 2) {
      throw new IllegalArgumentException("POWER needs config >= 2, got " + config);
    }
    this.mode = mode;
    this.start = start;
    this.end = end;
    this.config = config;
    this.cursor = start - 1;
  }

  @Override
  public long nextId(Random rng) {
    if (mode == Mode.ROUND_ROBIN) {
      cursor = cursor + 1 >= end || cursor < start ? start : cursor + 1;
      return cursor;
    }
    long range = end - start;
    long u =
        range <= Integer.MAX_VALUE ? start + rng.nextInt((int) range) : start + rng.nextLong(range);
    double v =
        switch (mode) {
          case RECIPROCAL -> Math.ceil((double) range / Math.max(1, u));
          case MULTIPLE -> (double) config * Math.ceil((double) u / config);
          case POWER -> Math.pow(config, Math.ceil(Math.log(Math.max(1, u)) / Math.log(config)));
          case PERFECT_POWER -> Math.pow(Math.ceil(Math.pow(u, 1.0 / config)), config);
          default -> throw new IllegalStateException();
        };
    if (!(v >= start)) {
      return start;
    }
    return v >= end ? end - 1 : (long) v;
  }
}
