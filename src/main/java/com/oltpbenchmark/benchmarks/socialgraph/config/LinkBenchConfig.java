package com.oltpbenchmark.benchmarks.socialgraph.config;

import com.oltpbenchmark.benchmarks.socialgraph.config.DistributionFamily.Use;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.Set;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.tree.ImmutableNode;

/**
 * The LinkBench graph and workload parameters (spec section 8.2), with LinkBench's key names, read
 * from the {@code <linkbench>} block of a BenchBase config (a direct child of {@code
 * <parameters>}). Every key is optional; see {@link #defaults(double)} and the README's config
 * reference. Unknown keys and bad values are {@link ConfigException}s naming the key and the file.
 *
 * <p>Size: when {@code maxid1} is absent, the graph has {@code max(1, round(scalefactor * }{@link
 * #NODES_PER_SCALEFACTOR}{@code ))} nodes starting at {@code startid1}, so scalefactor 1 is 10,000
 * nodes (about 36,800 links with the default out-degree) and the unit harness's 0.01 still gives
 * 100 nodes.
 *
 * <p>The request mix is not configured here: BenchBase's {@code <weights>} replace LinkBench's
 * {@code addlink ... getnode} percentages, and those keys are rejected with a pointer to them.
 */
public final class LinkBenchConfig {

  /** Nodes per unit of BenchBase {@code scalefactor} when {@code maxid1} is not given. */
  public static final long NODES_PER_SCALEFACTOR = 10_000L;

  /**
   * The largest graph accepted: far beyond what a database holds (about 4 links of 100 bytes per
   * node), small enough that no id computation overflows and TAOBench's new-object ids stay above.
   */
  public static final long MAX_NODES = 1L << 40;

  /**
   * LinkBench's first link type; the types are {@code LINK_TYPE_BASE + i}, i in [0,
   * link_type_count).
   */
  public static final long LINK_TYPE_BASE = 123_456_789L;

  /** LinkBench's node type for every node. */
  public static final int NODE_TYPE = 2048;

  /** LinkBench's maximum link payload (the size distribution is clamped to [0, 254]). */
  public static final int MAX_LINK_DATA = 255;

  /** LinkBench's maximum node payload (sizes are clamped to [0, 1 MiB)). */
  public static final int MAX_NODE_DATA = 1 << 20;

  /** LinkBench's hard-coded sigma of the payload size log-normals. */
  public static final double DATASIZE_SIGMA = 1.0;

  /**
   * The default out-degree: {@link DistributionFamily#FITTED} with parameters fitted to LinkBench's
   * published Distribution.dat (nlinks section) by {@code OutDegreeFit}: degree cdf and the share
   * of the links on hub nodes (degree >= 20 ... 10,000) both match the file.
   */
  public static final DistributionSpec DEFAULT_NLINKS =
      DistributionSpec.of(
          DistributionFamily.FITTED,
          "zero",
          0.45735,
          "tail",
          0.01514,
          "tail_median",
          20.077,
          "tail_sigma",
          1.5383,
          "hub",
          0.0008872,
          "hub_median",
          2727.5,
          "hub_sigma",
          1.0613,
          "body_shape",
          2.1601,
          "body_scale",
          1.9837,
          "max",
          961963);

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

  private final String source;
  private final long startId1;
  private final long maxId1;
  private final int linkTypeCount;
  private final DistributionSpec nlinks;
  private final Path dataFile;
  private final long randomId2Max;
  private final int id2GenConfig;
  private final int linkDataSize;
  private final int nodeDataSize;
  private final Map<String, PayloadSpec> datagens;
  private final Map<AccessKind, DistributionSpec> access;
  private final double readUncorrBlend;
  private final double writeUncorrBlend;
  private final DistributionSpec multiget;
  private final long multigetMin;
  private final long multigetMax;
  private final double getLinkListHistory;
  private final int rangeLimit;
  private final int loaderChunkSize;
  private final long loadRandomSeed;
  private final Long requestRandomSeed;

  private LinkBenchConfig(RawKeys k, double scaleFactor) {
    this.source = k.source();
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
    startId1 = k.longValue("startid1", 1, 1, Long.MAX_VALUE / 4);
    long nodes = Math.max(1L, Math.round(scaleFactor * NODES_PER_SCALEFACTOR));
    maxId1 =
        k.longValue(
            "maxid1", startId1 + Math.min(nodes, MAX_NODES + 1), startId1 + 1, Long.MAX_VALUE);
    if (maxId1 - startId1 > MAX_NODES) {
      String why =
          k.has("maxid1")
              ? "maxid1 - startid1 = " + (maxId1 - startId1) + " nodes"
              : "scalefactor " + scaleFactor + " gives " + nodes + " nodes";
      throw k.error(
          k.has("maxid1") ? "maxid1" : "startid1",
          why + "; at most " + MAX_NODES + " (2^40) nodes are supported");
    }
    linkTypeCount = k.intValue("link_type_count", 2, 1, 1_000_000);

    String dataFileName = k.string("data_file", null);
    dataFile = dataFileName == null ? null : Path.of(dataFileName);

    nlinks =
        k.has("nlinks_func")
            ? readSpec(k, "nlinks_func", "nlinks_", Use.NLINKS, null)
            : readDefaultNlinks(k);
    randomId2Max = k.longValue("randomid2max", 0, 0, Long.MAX_VALUE / 2);
    id2GenConfig = k.intValue("id2gen_config", 0, 0, 1);

    linkDataSize = k.intValue("link_datasize", 8, 0, MAX_LINK_DATA - 1);
    nodeDataSize = k.intValue("node_datasize", 128, 0, MAX_NODE_DATA - 1);
    Map<String, PayloadSpec> gens = new LinkedHashMap<>();
    gens.put("link_add_datagen", readPayload(k, "link_add_datagen", 32, 100, 0.225));
    gens.put("link_up_datagen", readPayload(k, "link_up_datagen", 32, 100, 0.225));
    gens.put("node_add_datagen", readPayload(k, "node_add_datagen", 50, 220, 0.63));
    gens.put("node_up_datagen", readPayload(k, "node_up_datagen", 50, 220, 0.63));
    datagens = Collections.unmodifiableMap(gens);

    Map<AccessKind, DistributionSpec> acc = new EnumMap<>(AccessKind.class);
    acc.put(
        AccessKind.LINK_READS,
        readAccess(
            k, AccessKind.LINK_READS, DistributionSpec.of(DistributionFamily.ZIPF, "shape", 0.8)));
    acc.put(
        AccessKind.LINK_READS_UNCORR,
        readAccess(
            k,
            AccessKind.LINK_READS_UNCORR,
            DistributionSpec.of(DistributionFamily.ZIPF, "shape", 0.8)));
    acc.put(
        AccessKind.LINK_WRITES,
        readAccess(
            k,
            AccessKind.LINK_WRITES,
            DistributionSpec.of(DistributionFamily.ZIPF, "shape", 0.741)));
    acc.put(
        AccessKind.LINK_WRITES_UNCORR,
        readAccess(
            k,
            AccessKind.LINK_WRITES_UNCORR,
            DistributionSpec.of(DistributionFamily.ZIPF, "shape", 0.741)));
    acc.put(
        AccessKind.NODE_READS,
        readAccess(
            k,
            AccessKind.NODE_READS,
            DistributionSpec.of(DistributionFamily.ZIPF, "shape", 0.625)));
    acc.put(
        AccessKind.NODE_UPDATES,
        readAccess(
            k,
            AccessKind.NODE_UPDATES,
            DistributionSpec.of(DistributionFamily.ZIPF, "shape", 0.606)));
    acc.put(
        AccessKind.NODE_DELETES,
        readAccess(k, AccessKind.NODE_DELETES, DistributionSpec.of(DistributionFamily.UNIFORM)));
    access = Collections.unmodifiableMap(acc);
    readUncorrBlend = k.doubleValue("read_uncorr_blend", 99.5, 0, 100);
    writeUncorrBlend = k.doubleValue("write_uncorr_blend", 95, 0, 100);

    multigetMin = k.longValue("link_multiget_dist_min", 1, 0, 1_000_000);
    multigetMax =
        k.longValue(
            "link_multiget_dist_max", Math.max(128, multigetMin + 1), multigetMin + 1, 1_000_001);
    String mg = k.string("link_multiget_dist", "geometric");
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

    getLinkListHistory = k.doubleValue("getlinklist_history", 0.3, 0, 100);
    rangeLimit = k.intValue("range_limit", 10_000, 1, Integer.MAX_VALUE);
    loaderChunkSize = k.intValue("loader_chunk_size", 2048, 1, Integer.MAX_VALUE);
    loadRandomSeed = k.longValue("load_random_seed", 20131L, Long.MIN_VALUE, Long.MAX_VALUE);
    requestRandomSeed =
        k.has("request_random_seed")
            ? Long.valueOf(k.longValue("request_random_seed", 0, Long.MIN_VALUE, Long.MAX_VALUE))
            : null;

    if (usesReal() && dataFile == null) {
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
              + explainUnknown(unknown.get(0)));
    }
  }

  private boolean usesReal() {
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

  private String explainUnknown(String key) {
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
    Map<String, Double> params = new LinkedHashMap<>(DEFAULT_NLINKS.params());
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

  // ---------------------------------------------------------------- factories

  /** All defaults, sized by {@code scaleFactor}. */
  public static LinkBenchConfig defaults(double scaleFactor) {
    return new LinkBenchConfig(new RawKeys(Map.of(), "(defaults)"), scaleFactor);
  }

  /** From a plain key/value map (tests, LinkBench properties files). */
  public static LinkBenchConfig fromMap(Map<String, ?> keys, double scaleFactor, String source) {
    Map<String, String> values = new LinkedHashMap<>();
    for (Map.Entry<String, ?> e : keys.entrySet()) {
      values.put(e.getKey(), e.getValue() == null ? null : String.valueOf(e.getValue()));
    }
    return new LinkBenchConfig(new RawKeys(values, source == null ? "(map)" : source), scaleFactor);
  }

  public static LinkBenchConfig fromProperties(
      Properties props, double scaleFactor, String source) {
    Map<String, String> values = new LinkedHashMap<>();
    for (String name : props.stringPropertyNames()) {
      values.put(name, props.getProperty(name));
    }
    return fromMap(values, scaleFactor, source);
  }

  /** From the {@code <linkbench>} block of a BenchBase config; a null config means defaults. */
  public static LinkBenchConfig fromXml(XMLConfiguration xml, double scaleFactor) {
    return fromXml(xml, scaleFactor, null);
  }

  /**
   * From the {@code <linkbench>} block of a BenchBase config; {@code fileName} (may be null) is
   * only used in error messages. A null config or a missing block means defaults.
   */
  public static LinkBenchConfig fromXml(XMLConfiguration xml, double scaleFactor, String fileName) {
    String where = fileName == null ? "<linkbench>" : fileName + " <linkbench>";
    if (xml == null) {
      return new LinkBenchConfig(new RawKeys(Map.of(), "(no XML config: defaults)"), scaleFactor);
    }
    ImmutableNode root = xml.getNodeModel().getNodeHandler().getRootNode();
    ImmutableNode block = null;
    for (ImmutableNode child : root.getChildren()) {
      if (child.getNodeName().equals("linkbench")) {
        if (block != null) {
          throw new ConfigException(
              "LinkBench config " + where + ": more than one <linkbench> element");
        }
        block = child;
      }
    }
    Map<String, String> values = new LinkedHashMap<>();
    if (block != null) {
      for (ImmutableNode child : block.getChildren()) {
        String key = child.getNodeName();
        if (!child.getChildren().isEmpty()) {
          throw new ConfigException(
              "LinkBench config "
                  + where
                  + ": element <"
                  + key
                  + "> has child elements; keys are flat, e.g. <maxid1>100001</maxid1>");
        }
        if (values.containsKey(key)) {
          throw new ConfigException(
              "LinkBench config " + where + ": key '" + key + "' is given twice");
        }
        Object v = child.getValue();
        values.put(key, v == null ? "" : String.valueOf(v));
      }
    }
    return new LinkBenchConfig(new RawKeys(values, where), scaleFactor);
  }

  // ---------------------------------------------------------------- accessors

  /** Where the values came from (file and block), for messages. */
  public String source() {
    return source;
  }

  /** First node id (inclusive). */
  public long startId1() {
    return startId1;
  }

  /** End of the node id range (exclusive). */
  public long maxId1() {
    return maxId1;
  }

  /** {@code maxid1 - startid1}. */
  public long nodeCount() {
    return maxId1 - startId1;
  }

  public int linkTypeCount() {
    return linkTypeCount;
  }

  /** The link type stored in the database for type index {@code i}. */
  public long linkType(int index) {
    return LINK_TYPE_BASE + index;
  }

  /** The out-degree distribution ({@code nlinks_func} and its parameters). */
  public DistributionSpec nlinks() {
    return nlinks;
  }

  /**
   * Path of a LinkBench Distribution.dat, or null (required when a 'real' distribution is used).
   */
  public Path dataFile() {
    return dataFile;
  }

  /** 0: id2 = id1 + j at load; > 0: id2 uniform in [0, randomid2max). */
  public long randomId2Max() {
    return randomId2Max;
  }

  /** 1: each requester uses its own id2 residue class (LinkBench id2gen_config). */
  public int id2GenConfig() {
    return id2GenConfig;
  }

  /** Median link payload size in bytes. */
  public int linkDataSize() {
    return linkDataSize;
  }

  /** Median node payload size in bytes. */
  public int nodeDataSize() {
    return nodeDataSize;
  }

  /** Payload of loaded links and ADD_LINK. */
  public PayloadSpec linkAddDatagen() {
    return datagens.get("link_add_datagen");
  }

  /** Payload of UPDATE_LINK. */
  public PayloadSpec linkUpDatagen() {
    return datagens.get("link_up_datagen");
  }

  /** Payload of loaded nodes and ADD_NODE. */
  public PayloadSpec nodeAddDatagen() {
    return datagens.get("node_add_datagen");
  }

  /** Payload of UPDATE_NODE. */
  public PayloadSpec nodeUpDatagen() {
    return datagens.get("node_up_datagen");
  }

  public DistributionSpec access(AccessKind kind) {
    return access.get(kind);
  }

  /** Percent of link reads drawn from the uncorrelated distribution. */
  public double readUncorrBlend() {
    return readUncorrBlend;
  }

  /**
   * Percent of link writes drawn from the uncorrelated distribution (really read, unlike
   * LinkBench).
   */
  public double writeUncorrBlend() {
    return writeUncorrBlend;
  }

  /**
   * The multiget size distribution, or null when {@code link_multiget_dist=none} (always 1 id2).
   */
  public DistributionSpec multiget() {
    return multiget;
  }

  public long multigetMin() {
    return multigetMin;
  }

  public long multigetMax() {
    return multigetMax;
  }

  /** Percent of GET_LINKS_LIST requests that page further back through the history cache. */
  public double getLinkListHistory() {
    return getLinkListHistory;
  }

  /** Row limit of a range scan (LinkBench's DEFAULT_LIMIT). */
  public int rangeLimit() {
    return rangeLimit;
  }

  /** id1s per loader chunk. */
  public int loaderChunkSize() {
    return loaderChunkSize;
  }

  /** Seed of the graph: the loaded rows are a pure function of it and the other keys. */
  public long loadRandomSeed() {
    return loadRandomSeed;
  }

  /** Seed of the request streams, if configured. */
  public OptionalLong requestRandomSeed() {
    return requestRandomSeed == null ? OptionalLong.empty() : OptionalLong.of(requestRandomSeed);
  }
}
