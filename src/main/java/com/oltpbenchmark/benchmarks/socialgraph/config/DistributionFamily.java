package com.oltpbenchmark.benchmarks.socialgraph.config;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The distribution names accepted by the {@code *_function}, {@code nlinks_func} and {@code
 * link_multiget_dist} keys, with the parameters each takes. LinkBench class names ({@code
 * ZipfDistribution}, {@code com.facebook.LinkBench.distributions.UniformDistribution}, ...) are
 * accepted too, so LinkBench workload files can be pasted in.
 */
public enum DistributionFamily {
  /** Zipf over ranks (Gray et al.); {@code shape} in (0, 1) or > 1; optional {@code mean}. */
  ZIPF(EnumSet.allOf(Use.class), List.of("shape"), List.of("mean")),
  UNIFORM(EnumSet.allOf(Use.class), List.of(), List.of("mean")),
  /** P(min + k) = prob (1 - prob)^k. */
  GEOMETRIC(EnumSet.allOf(Use.class), List.of("prob"), List.of("mean")),
  /** round(exp(N(ln median, sigma))), clamped to the range. */
  LOGNORMAL(EnumSet.of(Use.MULTIGET), List.of("median", "sigma"), List.of()),
  /**
   * The empirical distributions of a LinkBench {@code Distribution.dat} (key {@code data_file}).
   */
  REAL(EnumSet.of(Use.ACCESS, Use.NLINKS), List.of(), List.of()),
  /**
   * The default out-degree: a parametric shape fitted to LinkBench's published nlinks data (see
   * {@code FittedDegreeDistribution} and {@code OutDegreeFit}): degree 0 with probability {@code
   * zero}; else with probability {@code tail} a log-normal component of popular nodes ({@code
   * tail_median}, {@code tail_sigma}), with probability {@code hub} a log-normal component of big
   * hubs ({@code hub_median}, {@code hub_sigma}), otherwise a discrete Lomax body ({@code
   * body_shape}, {@code body_scale}); capped at {@code max}. Ids get degrees by inverse cdf over
   * their popularity rank, like {@code real}.
   */
  FITTED(
      EnumSet.of(Use.NLINKS),
      List.of(),
      List.of(
          "zero",
          "tail",
          "tail_median",
          "tail_sigma",
          "hub",
          "hub_median",
          "hub_sigma",
          "body_shape",
          "body_scale",
          "max")),

  // LinkBench's built-in access modes (not shuffled); "config" is LinkBench's <prefix>config.
  ROUND_ROBIN(EnumSet.of(Use.ACCESS), List.of(), List.of("config")),
  RECIPROCAL(EnumSet.of(Use.ACCESS), List.of(), List.of("config")),
  MULTIPLE(EnumSet.of(Use.ACCESS), List.of("config"), List.of()),
  POWER(EnumSet.of(Use.ACCESS), List.of("config"), List.of()),
  PERFECT_POWER(EnumSet.of(Use.ACCESS), List.of("config"), List.of()),

  // LinkBench's arithmetic out-degree modes (not shuffled): nlinks_config, nlinks_default.
  CONST(EnumSet.of(Use.NLINKS), List.of(), List.of("config", "default")),
  NLINKS_RECIPROCAL(EnumSet.of(Use.NLINKS), List.of(), List.of("config", "default")),
  MULTIPLES(EnumSet.of(Use.NLINKS), List.of("config"), List.of("default")),
  EXPONENTIAL(EnumSet.of(Use.NLINKS), List.of("config"), List.of("default")),
  PERFECT_SQUARES(EnumSet.of(Use.NLINKS), List.of("config"), List.of("default"));

  /** Where a distribution name appears. */
  public enum Use {
    /** id choice of a request stream ({@code read_function}, ...). */
    ACCESS,
    /** out-degree per id1 ({@code nlinks_func}). */
    NLINKS,
    /** multiget size ({@code link_multiget_dist}). */
    MULTIGET
  }

  private final Set<Use> uses;
  private final List<String> required;
  private final List<String> optional;

  DistributionFamily(Set<Use> uses, List<String> required, List<String> optional) {
    this.uses = uses;
    this.required = required;
    this.optional = optional;
  }

  public List<String> requiredParams() {
    return required;
  }

  public List<String> optionalParams() {
    return optional;
  }

  public boolean usableFor(Use use) {
    return uses.contains(use);
  }

  /** True if the ids this family produces are popularity ranks that must be shuffled. */
  public boolean shuffled() {
    return this == ZIPF
        || this == UNIFORM
        || this == GEOMETRIC
        || this == LOGNORMAL
        || this == REAL
        || this == FITTED;
  }

  /**
   * Parses a configured name: case-insensitive, with or without a Java package and a {@code
   * Distribution} suffix. Returns null for an unknown name (the caller reports the key).
   */
  public static DistributionFamily parse(String raw, Use use) {
    String name = raw.trim();
    int dot = name.lastIndexOf('.');
    if (dot >= 0) {
      name = name.substring(dot + 1);
    }
    name = name.toUpperCase(Locale.ROOT);
    if (name.endsWith("DISTRIBUTION")) {
      name = name.substring(0, name.length() - "DISTRIBUTION".length());
    }
    name = name.replace('-', '_');
    if (use == Use.NLINKS && name.equals("RECIPROCAL")) {
      return NLINKS_RECIPROCAL;
    }
    if (name.equals("PERFECT_POWERS") && use == Use.NLINKS) {
      return PERFECT_SQUARES; // LinkBench's workload comments use this spelling
    }
    for (DistributionFamily f : values()) {
      if (f.name().equals(name) && f.usableFor(use)) {
        return f;
      }
    }
    return null;
  }

  /** The names accepted for a use, for error messages. */
  public static String namesFor(Use use) {
    StringBuilder sb = new StringBuilder();
    for (DistributionFamily f : values()) {
      if (f.usableFor(use)) {
        if (sb.length() > 0) {
          sb.append(", ");
        }
        sb.append(f == NLINKS_RECIPROCAL ? "reciprocal" : f.name().toLowerCase(Locale.ROOT));
      }
    }
    return sb.toString();
  }
}
