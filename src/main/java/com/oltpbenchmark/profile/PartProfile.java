package com.oltpbenchmark.profile;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * One run's profile by {@link RequestPart}: the terminals' CPU samples and the bytes they allocated
 * inside the measured window, and per request what the window's requests allocated.
 *
 * <p>Only the terminals' threads count (named like {@code SocialGraphWorker<001>}): they run every
 * part of a request, and nothing else. Their CPU samples are Flight Recorder's execution samples,
 * taken while a thread runs Java code; time in the kernel (socket reads and writes) and the JVM's
 * own threads (compiler, collector) are not in them, so the shares are of the terminals' Java time.
 * Allocation is the sum of the allocation samples' weights, which Flight Recorder scales so that
 * they add up to what the thread allocated.
 */
public final class PartProfile {

  /** The terminals' thread names, as the runtime names its workers. */
  public static final Pattern TERMINALS = Pattern.compile(".*Worker<\\d+>");

  private final long fromMillis;
  private final long toMillis;
  private final Map<RequestPart, Long> samples = new EnumMap<>(RequestPart.class);
  private final Map<RequestPart, Long> bytes = new EnumMap<>(RequestPart.class);
  private final Map<String, Long> cpuSites = new HashMap<>();
  private final Map<String, Long> allocationSites = new HashMap<>();
  private final Map<RequestPart, Map<String, Long>> allocationSitesByPart =
      new EnumMap<>(RequestPart.class);
  private final Map<RequestPart, Map<String, Long>> cpuSitesByPart =
      new EnumMap<>(RequestPart.class);
  private long otherThreadSamples;

  /** Events from {@code fromMillis} (inclusive) to {@code toMillis} (exclusive), epoch ms. */
  public PartProfile(long fromMillis, long toMillis) {
    if (toMillis <= fromMillis) {
      throw new IllegalArgumentException(
          "the window must end after it starts: " + fromMillis + " to " + toMillis);
    }
    this.fromMillis = fromMillis;
    this.toMillis = toMillis;
    for (RequestPart p : RequestPart.values()) {
      samples.put(p, 0L);
      bytes.put(p, 0L);
    }
  }

  private boolean counts(String thread, long atMillis) {
    return atMillis >= fromMillis && atMillis < toMillis && thread != null;
  }

  /** One execution sample of {@code thread} at {@code atMillis}, its stack from the top down. */
  public void cpuSample(String thread, long atMillis, List<PartRules.Frame> topDown) {
    if (!counts(thread, atMillis)) {
      return;
    }
    if (!TERMINALS.matcher(thread).matches()) {
      otherThreadSamples++;
      return;
    }
    RequestPart part = PartRules.classify(topDown);
    samples.merge(part, 1L, Long::sum);
    String site = site(topDown, SITE_DEPTH);
    cpuSites.merge(site, 1L, Long::sum);
    cpuSitesByPart.computeIfAbsent(part, p -> new HashMap<>()).merge(site, 1L, Long::sum);
  }

  /** One allocation sample standing for {@code weight} bytes. */
  public void allocation(
      String thread,
      long atMillis,
      String objectClass,
      long weight,
      List<PartRules.Frame> topDown) {
    if (!counts(thread, atMillis) || !TERMINALS.matcher(thread).matches()) {
      return;
    }
    RequestPart part = PartRules.classify(topDown);
    bytes.merge(part, weight, Long::sum);
    String site = objectClass + " in " + site(topDown, SITE_DEPTH);
    allocationSites.merge(site, weight, Long::sum);
    allocationSitesByPart
        .computeIfAbsent(part, p -> new HashMap<>())
        .merge(site, weight, Long::sum);
  }

  /** Project frames shown for an allocation site: enough to tell its callers apart. */
  static final int SITE_DEPTH = 3;

  /**
   * Where a stack is: its top frame, then up to {@code depth} frames outside the JDK below it (the
   * code that asked for the work).
   */
  static String site(List<PartRules.Frame> topDown, int depth) {
    if (topDown.isEmpty()) {
      return "(no stack)";
    }
    StringBuilder b = new StringBuilder(name(topDown.get(0)));
    int shown = 0;
    for (int i = 1; i < topDown.size() && shown < depth; i++) {
      PartRules.Frame f = topDown.get(i);
      if (!f.type().startsWith("java.") && !f.type().startsWith("jdk.")) {
        b.append(" < ").append(name(f));
        shown++;
      }
    }
    return b.toString();
  }

  private static String name(PartRules.Frame f) {
    String t = f.type();
    return t.substring(t.lastIndexOf('.') + 1) + "." + f.method();
  }

  /** Execution samples of the terminals in the window. */
  public long terminalSamples() {
    return sum(samples);
  }

  /** Execution samples of other Java threads in the window (progress, samplers, collectors). */
  public long otherThreadSamples() {
    return otherThreadSamples;
  }

  /** Bytes the terminals allocated in the window. */
  public long terminalBytes() {
    return sum(bytes);
  }

  /**
   * The profile as a JSON-ready map: per part its share of the terminals' CPU samples and its bytes
   * per request, for {@code requests} measured in the window.
   */
  public Map<String, Object> toMap(String label, long requests) {
    if (requests <= 0) {
      throw new IllegalArgumentException("the window measured no request");
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("label", label);
    m.put("requests", requests);
    m.put("cpu samples", terminalSamples());
    m.put("other threads' cpu samples", otherThreadSamples);
    m.put("bytes per request", terminalBytes() / (double) requests);
    Map<String, Object> parts = new LinkedHashMap<>();
    long total = terminalSamples();
    for (RequestPart p : RequestPart.values()) {
      Map<String, Object> part = new LinkedHashMap<>();
      part.put("cpu share", total == 0 ? 0.0 : samples.get(p) / (double) total);
      part.put("bytes per request", bytes.get(p) / (double) requests);
      part.put(
          "top cpu sites (share of samples)",
          top(cpuSitesByPart.getOrDefault(p, Map.of()), total, TOP_PER_PART));
      part.put(
          "top allocation sites (bytes per request)",
          top(allocationSitesByPart.getOrDefault(p, Map.of()), requests, TOP_PER_PART));
      parts.put(p.name(), part);
    }
    m.put("parts", parts);
    m.put("top cpu sites (share of samples)", top(cpuSites, total, TOP));
    m.put("top allocation sites (bytes per request)", top(allocationSites, requests, TOP));
    return m;
  }

  /** Sites listed per profile, and per part. */
  static final int TOP = 25;

  static final int TOP_PER_PART = 8;

  private static Map<String, Double> top(Map<String, Long> sites, long divisor, int n) {
    Map<String, Double> out = new LinkedHashMap<>();
    sites.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
        .limit(n)
        .forEach(e -> out.put(e.getKey(), divisor == 0 ? 0.0 : e.getValue() / (double) divisor));
    return out;
  }

  private static long sum(Map<RequestPart, Long> m) {
    long n = 0;
    for (long v : m.values()) {
      n += v;
    }
    return n;
  }
}
