package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A LinkBench {@code Distribution.dat}, read from a path the user gives: section names ({@code
 * nlinks}, {@code link_nreads}, {@code link_nwrites}, {@code node_nreads}, {@code node_nwrites})
 * each followed by pairs {@code <integer value> <cumulative percent>}. Values must ascend,
 * percentages must not decrease and end at 100. Every problem is reported with the file and line.
 */
public final class DistributionFile {

  /** The sections of the file. */
  public enum Section {
    NLINKS,
    LINK_NREADS,
    LINK_NWRITES,
    NODE_NREADS,
    NODE_NWRITES;

    public String key() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Thrown for a malformed file; the message names the file and line. */
  public static final class FormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    FormatException(String message) {
      super(message);
    }
  }

  private final Path path;
  private final Map<Section, PiecewiseLinearDistribution> sections;

  private DistributionFile(Path path, Map<Section, PiecewiseLinearDistribution> sections) {
    this.path = path;
    this.sections = Collections.unmodifiableMap(sections);
  }

  public Path path() {
    return path;
  }

  public boolean has(Section s) {
    return sections.containsKey(s);
  }

  /** The section's distribution (a step cdf, as LinkBench reads it). */
  public PiecewiseLinearDistribution section(Section s) {
    PiecewiseLinearDistribution d = sections.get(s);
    if (d == null) {
      throw new FormatException(path + ": no section '" + s.key() + "'");
    }
    return d;
  }

  public static DistributionFile read(Path path) {
    Map<Section, PiecewiseLinearDistribution> out = new EnumMap<>(Section.class);
    try (BufferedReader in = Files.newBufferedReader(path, StandardCharsets.ISO_8859_1)) {
      Section current = null;
      int sectionLine = 0;
      List<Long> values = new ArrayList<>();
      List<Double> cdfs = new ArrayList<>();
      String pendingValue = null;
      int pendingLine = 0;
      String line;
      int lineNo = 0;
      while ((line = in.readLine()) != null) {
        lineNo++;
        String trimmed = line.trim();
        if (trimmed.isEmpty() || trimmed.startsWith("#")) {
          continue;
        }
        for (String tok : trimmed.split("\\s+")) {
          if (pendingValue != null) {
            double pct;
            try {
              pct = Double.parseDouble(tok);
            } catch (NumberFormatException e) {
              throw err(
                  path,
                  lineNo,
                  "expected a cumulative percentage after value "
                      + pendingValue
                      + ", got '"
                      + tok
                      + "'");
            }
            if (!(pct >= 0 && pct <= 100.0 + 1e-9)) {
              throw err(path, lineNo, "cumulative percentage " + tok + " is outside [0, 100]");
            }
            long v = Long.parseLong(pendingValue);
            if (!values.isEmpty() && v <= values.get(values.size() - 1)) {
              throw err(
                  path,
                  lineNo,
                  "value "
                      + v
                      + " does not ascend (previous "
                      + values.get(values.size() - 1)
                      + ")");
            }
            if (!cdfs.isEmpty() && pct / 100 < cdfs.get(cdfs.size() - 1) - 1e-12) {
              throw err(path, lineNo, "cumulative percentage " + tok + " decreases");
            }
            values.add(v);
            cdfs.add(Math.min(1.0, pct / 100));
            pendingValue = null;
            continue;
          }
          if (tok.matches("-?\\d+")) {
            if (current == null) {
              throw err(path, lineNo, "number '" + tok + "' before any section name");
            }
            if (tok.startsWith("-")) {
              throw err(path, lineNo, "negative value " + tok);
            }
            pendingValue = tok;
            pendingLine = lineNo;
            continue;
          }
          Section next = parseSection(tok);
          if (next == null) {
            throw err(
                path,
                lineNo,
                "unknown section or token '"
                    + tok
                    + "'; expected a value or one of nlinks, link_nreads, link_nwrites, node_nreads, node_nwrites");
          }
          if (current != null) {
            out.put(current, finish(path, sectionLine, current, values, cdfs));
          }
          if (out.containsKey(next)) {
            throw err(path, lineNo, "section '" + tok + "' appears twice");
          }
          current = next;
          sectionLine = lineNo;
          values = new ArrayList<>();
          cdfs = new ArrayList<>();
        }
      }
      if (pendingValue != null) {
        throw err(path, pendingLine, "value " + pendingValue + " has no cumulative percentage");
      }
      if (current != null) {
        out.put(current, finish(path, sectionLine, current, values, cdfs));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot read LinkBench distribution file " + path + ": " + e.getMessage(), e);
    }
    if (out.isEmpty()) {
      throw new FormatException(path + ": no sections found");
    }
    return new DistributionFile(path, out);
  }

  private static Section parseSection(String tok) {
    for (Section s : Section.values()) {
      if (s.key().equals(tok)) {
        return s;
      }
    }
    return null;
  }

  private static PiecewiseLinearDistribution finish(
      Path path, int line, Section s, List<Long> values, List<Double> cdfs) {
    if (values.isEmpty()) {
      throw err(path, line, "section '" + s.key() + "' has no points");
    }
    double last = cdfs.get(cdfs.size() - 1);
    if (Math.abs(last - 1) > 1e-6) {
      throw err(path, line, "section '" + s.key() + "' ends at " + (last * 100) + "%, not 100%");
    }
    long[] v = new long[values.size()];
    double[] c = new double[cdfs.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = values.get(i);
      c[i] = cdfs.get(i);
    }
    c[c.length - 1] = 1.0;
    return PiecewiseLinearDistribution.stepwise(v, c);
  }

  private static FormatException err(Path path, int line, String msg) {
    return new FormatException(path + ":" + line + ": " + msg);
  }
}
