package com.oltpbenchmark.benchmarks.socialgraph.config;

import com.oltpbenchmark.benchmarks.socialgraph.config.DistributionFamily.Use;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Turns LinkBench keys into a {@link LinkBenchConfig}: defaults, ranges, distribution families and
 * their parameters, and the leftovers reported as unknown keys with a hint of what was meant.
 */
final class LinkBenchConfigReader {

  private static final Set<String> MIX_KEYS =
      Set.of(
          "addlink",
          "deletelink",
          "updatelink",
          "countlink",
          "getlink",
          "getlinklist",
          "addnode",
          "updatenode",
          "deletenode",
          "getnode");

  private LinkBenchConfigReader() {}

  static LinkBenchConfig read(RawKeys k, double scaleFactor) {
    String source = k.source();
    if (!(scaleFactor > 0) || Double.isInfinite(scaleFactor)) {
      throw new ConfigException(
          "LinkBench config " + source + ": scalefactor must be > 0, got " + scaleFactor);
    }
    for (String key : k.keys()) {
      if (MIX_KEYS.contains(key)) {
        throw k.error(
            key,
            "the request mix is BenchBase's <weights> of the <work> phase, not a <linkbench> key");
      }
    }
    long startId1 = k.longValue("startid1", 1, 1, Long.MAX_VALUE / 4);
    long nodes = Math.max(1L, Math.round(scaleFactor * LinkBenchConfig.NODES_PER_SCALEFACTOR));
    long maxId1 =
        k.longValue(
            "maxid1",
            startId1 + Math.min(nodes, LinkBenchConfig.MAX_NODES + 1),
            startId1 + 1,
            Long.MAX_VALUE);
    if (maxId1 - startId1 > LinkBenchConfig.MAX_NODES) {
      String why =
          k.has("maxid1")
              ? "maxid1 - startid1 = " + (maxId1 - startId1) + " nodes"
              : "scalefactor " + scaleFactor + " gives " + nodes + " nodes";
      throw k.error(
          k.has("maxid1") ? "maxid1" : "startid1",
          why + "; at most " + LinkBenchConfig.MAX_NODES + " (2^40) nodes are supported");
    }
    int linkTypeCount = k.intValue("link_type_count", 2, 1, 1_000_000);

    String dataFileName = k.string("data_file", null);
    Path dataFile = dataFileName == null ? null : Path.of(dataFileName);

    DistributionSpec nlinks =
        k.has("nlinks_func")
            ? readSpec(k, "nlinks_func", "nlinks_", Use.NLINKS, null)
            : readDefaultNlinks(k);
    long randomId2Max = k.longValue("randomid2max", 0, 0, Long.MAX_VALUE / 2);
    int id2GenConfig = k.intValue("id2gen_config", 0, 0, 1);

    int linkDataSize = k.intValue("link_datasize", 8, 0, Link.MAX_DATA - 1);
    int nodeDataSize = k.intValue("node_datasize", 128, 0, Node.MAX_DATA - 1);
    PayloadSpec linkAdd = readPayload(k, "link_add_datagen", 32, 100, 0.225);
    PayloadSpec linkUp = readPayload(k, "link_up_datagen", 32, 100, 0.225);
    PayloadSpec nodeAdd = readPayload(k, "node_add_datagen", 50, 220, 0.63);
    PayloadSpec nodeUp = readPayload(k, "node_up_datagen", 50, 220, 0.63);

    Map<AccessKind, DistributionSpec> acc = new EnumMap<>(AccessKind.class);
    acc.put(AccessKind.LINK_READS, readZipfAccess(k, AccessKind.LINK_READS, 0.8));
    acc.put(AccessKind.LINK_READS_UNCORR, readZipfAccess(k, AccessKind.LINK_READS_UNCORR, 0.8));
    acc.put(AccessKind.LINK_WRITES, readZipfAccess(k, AccessKind.LINK_WRITES, 0.741));
    acc.put(AccessKind.LINK_WRITES_UNCORR, readZipfAccess(k, AccessKind.LINK_WRITES_UNCORR, 0.741));
    acc.put(AccessKind.NODE_READS, readZipfAccess(k, AccessKind.NODE_READS, 0.625));
    acc.put(AccessKind.NODE_UPDATES, readZipfAccess(k, AccessKind.NODE_UPDATES, 0.606));
    acc.put(
        AccessKind.NODE_DELETES,
        readAccess(k, AccessKind.NODE_DELETES, DistributionSpec.of(DistributionFamily.UNIFORM)));
    Map<AccessKind, DistributionSpec> access = Collections.unmodifiableMap(acc);
    double readUncorrBlend = k.doubleValue("read_uncorr_blend", 99.5, 0, 100);
    double writeUncorrBlend = k.doubleValue("write_uncorr_blend", 95, 0, 100);

    long multigetMin = k.longValue("link_multiget_dist_min", 1, 0, 1_000_000);
    long multigetMax =
        k.longValue(
            "link_multiget_dist_max", Math.max(128, multigetMin + 1), multigetMin + 1, 1_000_001);
    String mg = k.string("link_multiget_dist", "geometric");
    DistributionSpec multiget;
    if (mg.equalsIgnoreCase("none")) {
      multiget = null;
    } else {
      multiget =
          readSpec(
              k,
              "link_multiget_dist",
              "link_multiget_dist_",
              Use.MULTIGET,
              DistributionSpec.of(DistributionFamily.GEOMETRIC, "prob", 0.382));
    }

    double getLinkListHistory = k.doubleValue("getlinklist_history", 0.3, 0, 100);
    int rangeLimit = k.intValue("range_limit", 10_000, 1, Integer.MAX_VALUE);
    int loaderChunkSize = k.intValue("loader_chunk_size", 2048, 1, Integer.MAX_VALUE);
    long loadRandomSeed = k.longValue("load_random_seed", 20131L, Long.MIN_VALUE, Long.MAX_VALUE);
    OptionalLong requestRandomSeed =
        k.has("request_random_seed")
            ? OptionalLong.of(k.longValue("request_random_seed", 0, Long.MIN_VALUE, Long.MAX_VALUE))
            : OptionalLong.empty();

    if (usesReal(nlinks, access) && dataFile == null) {
      throw new ConfigException(
          "LinkBench config "
              + source
              + ": a 'real' distribution is configured but key 'data_file' (path of a LinkBench Distribution.dat) is missing");
    }
    List<String> unknown = new ArrayList<>();
    for (String key : k.keys()) {
      if (!k.used().contains(key)) {
        unknown.add(key);
      }
    }
    if (!unknown.isEmpty()) {
      throw new ConfigException(
          "LinkBench config "
              + source
              + ": unknown key"
              + (unknown.size() > 1 ? "s " : " ")
              + String.join(", ", unknown)
              + explainUnknown(unknown.get(0), nlinks, access, multiget));
    }
    return new LinkBenchConfig(
        source,
        startId1,
        maxId1,
        linkTypeCount,
        nlinks,
        dataFile,
        randomId2Max,
        id2GenConfig,
        linkDataSize,
        nodeDataSize,
        linkAdd,
        linkUp,
        nodeAdd,
        nodeUp,
        access,
        readUncorrBlend,
        writeUncorrBlend,
        multiget,
        multigetMin,
        multigetMax,
        getLinkListHistory,
        rangeLimit,
        loaderChunkSize,
        loadRandomSeed,
        requestRandomSeed);
  }

  private static boolean usesReal(
      DistributionSpec nlinks, Map<AccessKind, DistributionSpec> access) {
    if (nlinks.family() == DistributionFamily.REAL) {
      return true;
    }
    for (DistributionSpec s : access.values()) {
      if (s.family() == DistributionFamily.REAL) {
        return true;
      }
    }
    return false;
  }

  private static String explainUnknown(
      String key,
      DistributionSpec nlinks,
      Map<AccessKind, DistributionSpec> access,
      DistributionSpec multiget) {
    if (key.startsWith("nlinks_")) {
      return " (nlinks_func="
          + nlinks.family().name().toLowerCase(Locale.ROOT)
          + " takes "
          + paramList(nlinks.family(), "nlinks_")
          + ")";
    }
    for (AccessKind kind : AccessKind.values()) {
      if (key.startsWith(kind.prefix())
          && !(kind == AccessKind.LINK_READS && key.startsWith("read_uncorr_"))
          && !(kind == AccessKind.LINK_WRITES && key.startsWith("write_uncorr_"))) {
        DistributionFamily f = access.get(kind).family();
        return " ("
            + kind.prefix()
            + "function="
            + f.name().toLowerCase(Locale.ROOT)
            + " takes "
            + paramList(f, kind.prefix())
            + ")";
      }
    }
    if (key.startsWith("link_multiget_dist_") && multiget != null) {
      return " (link_multiget_dist="
          + multiget.family().name().toLowerCase(Locale.ROOT)
          + " takes link_multiget_dist_min, link_multiget_dist_max, "
          + paramList(multiget.family(), "link_multiget_dist_")
          + ")";
    }
    return "";
  }

  private static String paramList(DistributionFamily f, String prefix) {
    List<String> all = new ArrayList<>();
    for (String p : f.requiredParams()) {
      all.add(prefix + p);
    }
    for (String p : f.optionalParams()) {
      all.add(prefix + p);
    }
    return all.isEmpty() ? "no parameters" : String.join(", ", all);
  }

  private static DistributionSpec readDefaultNlinks(RawKeys k) {
    // Parameters of the fitted default may be overridden one by one without naming the family.
    Map<String, Double> params = new LinkedHashMap<>(LinkBenchConfig.DEFAULT_NLINKS.params());
    for (String p : DistributionFamily.FITTED.optionalParams()) {
      if (k.has("nlinks_" + p)) {
        params.put(p, k.doubleValue("nlinks_" + p, 0, -Double.MAX_VALUE, Double.MAX_VALUE));
      }
    }
    DistributionSpec spec = new DistributionSpec(DistributionFamily.FITTED, params);
    validate(k, "nlinks_", spec);
    return spec;
  }

  private static DistributionSpec readAccess(
      RawKeys k, AccessKind kind, DistributionSpec fallback) {
    return readSpec(k, kind.prefix() + "function", kind.prefix(), Use.ACCESS, fallback);
  }

  /** {@link #readAccess} with LinkBench's default for the kind: Zipf with {@code shape}. */
  private static DistributionSpec readZipfAccess(RawKeys k, AccessKind kind, double shape) {
    return readAccess(k, kind, DistributionSpec.of(DistributionFamily.ZIPF, "shape", shape));
  }

  /**
   * Reads a family key and its prefixed parameters. When the family key is absent the fallback is
   * used, but its parameters can still be overridden (e.g. only {@code read_shape}).
   */
  private static DistributionSpec readSpec(
      RawKeys k, String familyKey, String prefix, Use use, DistributionSpec fallback) {
    String name = k.string(familyKey, null);
    DistributionFamily family;
    Map<String, Double> params = new LinkedHashMap<>();
    if (name == null) {
      family = fallback.family();
      params.putAll(fallback.params());
    } else {
      family = DistributionFamily.parse(name, use);
      if (family == null) {
        throw k.error(
            familyKey, "unknown distribution; expected one of " + DistributionFamily.namesFor(use));
      }
      if (fallback != null && family == fallback.family()) {
        params.putAll(fallback.params());
      }
    }
    List<String> names = new ArrayList<>(family.requiredParams());
    names.addAll(family.optionalParams());
    for (String p : names) {
      String key = prefix + p;
      if (k.has(key)) {
        params.put(p, k.doubleValue(key, 0, -Double.MAX_VALUE, Double.MAX_VALUE));
      }
    }
    for (String p : family.requiredParams()) {
      if (!params.containsKey(p)) {
        throw new ConfigException(
            "LinkBench config "
                + k.source()
                + ": key '"
                + familyKey
                + "' = '"
                + family.name().toLowerCase(Locale.ROOT)
                + "' needs key '"
                + prefix
                + p
                + "'");
      }
    }
    DistributionSpec spec = new DistributionSpec(family, params);
    validate(k, prefix, spec);
    return spec;
  }

  /** Range checks of distribution parameters, reported against the parameter's key. */
  private static void validate(RawKeys k, String prefix, DistributionSpec spec) {
    for (Map.Entry<String, Double> e : spec.params().entrySet()) {
      String key = prefix + e.getKey();
      double v = e.getValue();
      String problem =
          switch (e.getKey()) {
            case "shape" -> v > 0 && v < 1 ? null : "must be in (0, 1)";
            case "prob" -> v > 0 && v < 1 ? null : "must be in (0, 1)";
            case "mean",
                    "median",
                    "sigma",
                    "body_shape",
                    "body_scale",
                    "tail_median",
                    "tail_sigma",
                    "hub_median",
                    "hub_sigma" ->
                v > 0 ? null : "must be > 0";
            case "zero", "tail", "hub" -> v >= 0 && v <= 1 ? null : "must be in [0, 1]";
            case "max" -> v >= 1 && v == Math.rint(v) ? null : "must be an integer >= 1";
            case "config" -> v == Math.rint(v) ? null : "must be an integer";
            case "default" -> v >= 0 && v == Math.rint(v) ? null : "must be an integer >= 0";
            default -> null;
          };
      if (problem == null
          && spec.family() == DistributionFamily.MULTIPLE
          && e.getKey().equals("config")
          && v < 1) {
        problem = "must be >= 1";
      }
      if (problem == null
          && (spec.family() == DistributionFamily.POWER
              || spec.family() == DistributionFamily.EXPONENTIAL)
          && e.getKey().equals("config")
          && v < 2) {
        problem = "must be >= 2";
      }
      if (problem == null
          && (spec.family() == DistributionFamily.PERFECT_POWER
              || spec.family() == DistributionFamily.PERFECT_SQUARES
              || spec.family() == DistributionFamily.MULTIPLES)
          && e.getKey().equals("config")
          && v < 1) {
        problem = "must be >= 1";
      }
      if (problem != null) {
        throw k.has(key)
            ? k.error(key, problem)
            : new ConfigException(
                "LinkBench config "
                    + k.source()
                    + ": parameter '"
                    + key
                    + "' = "
                    + v
                    + ": "
                    + problem);
      }
    }
  }

  private static PayloadSpec readPayload(
      RawKeys k, String key, int start, int end, double uniqueness) {
    String kindName = k.string(key, "motif");
    String simple = kindName.substring(kindName.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
    PayloadSpec.Kind kind =
        switch (simple) {
          case "motif", "motifdatagenerator" -> PayloadSpec.Kind.MOTIF;
          case "uniform", "uniformdatagenerator" -> PayloadSpec.Kind.UNIFORM;
          default -> throw k.error(key, "unknown payload generator; expected motif or uniform");
        };
    int s = k.intValue(key + "_startbyte", start, 0, 255);
    int e = k.intValue(key + "_endbyte", end, 0, 255);
    if (s >= e) {
      throw k.error(
          k.has(key + "_endbyte") ? key + "_endbyte" : key + "_startbyte",
          "startbyte (" + s + ") must be below endbyte (" + e + ")");
    }
    double u = 1.0;
    int motif = 512;
    if (kind == PayloadSpec.Kind.MOTIF) {
      u = k.doubleValue(key + "_uniqueness", uniqueness, 0, 1);
      motif = k.intValue(key + "_motif_length", 512, 1, 1 << 24);
    }
    return new PayloadSpec(kind, s, e, u, motif);
  }
}
