package com.oltpbenchmark.benchmarks.socialgraph.config;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.tree.ImmutableNode;

/**
 * The LinkBench graph and workload parameters, with LinkBench's key names, read from the {@code
 * <linkbench>} block of a BenchBase config (a direct child of {@code <parameters>}). Every key is
 * optional; see {@link #defaults(double)} and the commented full sample config
 * config/sqlite/sample_socialgraph_full_config.xml. Unknown keys and bad values are {@link
 * ConfigException}s naming the key and the file.
 *
 * <p>Size: when {@code maxid1} is absent, the graph has {@code max(1, round(scalefactor * }{@link
 * #NODES_PER_SCALEFACTOR}{@code ))} nodes starting at {@code startid1}, so scalefactor 1 is 10,000
 * nodes (about 36,800 links with the default out-degree) and the unit harness's 0.01 still gives
 * 100 nodes.
 *
 * <p>The request mix is not configured here: BenchBase's {@code <weights>} replace LinkBench's
 * {@code addlink ... getnode} percentages, and those keys are rejected with a pointer to them.
 *
 * @param source where the values came from (file and block), for messages
 * @param maxId1 end of the node id range (exclusive)
 * @param nlinks the total out-degree distribution ({@code nlinks_func} and its parameters)
 * @param dataFile a LinkBench Distribution.dat, or null (required by a 'real' distribution)
 * @param randomId2Max 0: id2 = id1 + j at load; above 0: id2 uniform in [0, randomid2max)
 * @param id2GenConfig 1: each requester uses its own id2 residue class
 * @param linkDataSize median link payload size in bytes
 * @param nodeDataSize median node payload size in bytes
 * @param linkAddDatagen payload of loaded links and AddLink; the others likewise
 * @param readUncorrBlend percent of link reads drawn from the uncorrelated distribution
 * @param writeUncorrBlend percent of link writes drawn from the uncorrelated distribution
 * @param multiget the multiget size distribution, or null for {@code link_multiget_dist=none}
 * @param getLinkListHistory percent of GetLinkList requests that page back through the history
 * @param rangeLimit row limit of a range scan (LinkBench's DEFAULT_LIMIT)
 * @param loaderChunkSize id1s per loader chunk
 * @param loadRandomSeed the graph seed: the loaded rows are a pure function of it and the keys
 * @param requestRandomSeed the seed of the request streams, if configured
 */
public record LinkBenchConfig(
    String source,
    long startId1,
    long maxId1,
    int linkTypeCount,
    DistributionSpec nlinks,
    Path dataFile,
    long randomId2Max,
    int id2GenConfig,
    int linkDataSize,
    int nodeDataSize,
    PayloadSpec linkAddDatagen,
    PayloadSpec linkUpDatagen,
    PayloadSpec nodeAddDatagen,
    PayloadSpec nodeUpDatagen,
    Map<AccessKind, DistributionSpec> access,
    double readUncorrBlend,
    double writeUncorrBlend,
    DistributionSpec multiget,
    long multigetMin,
    long multigetMax,
    double getLinkListHistory,
    int rangeLimit,
    int loaderChunkSize,
    long loadRandomSeed,
    OptionalLong requestRandomSeed) {

  /** Nodes per unit of BenchBase {@code scalefactor} when {@code maxid1} is not given. */
  public static final long NODES_PER_SCALEFACTOR = 10_000L;

  /**
   * The largest graph accepted: far beyond what a database holds (about 4 links of 100 bytes per
   * node), small enough that no id computation overflows and TAOBench's new-object ids stay above.
   */
  public static final long MAX_NODES = 1L << 40;

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

  // ---------------------------------------------------------------- factories

  /** All defaults, sized by {@code scaleFactor}. */
  public static LinkBenchConfig defaults(double scaleFactor) {
    return LinkBenchConfigReader.read(new RawKeys(Map.of(), "(defaults)"), scaleFactor);
  }

  /** From a plain key/value map (tests, LinkBench properties files). */
  public static LinkBenchConfig fromMap(Map<String, ?> keys, double scaleFactor, String source) {
    Map<String, String> values = new LinkedHashMap<>();
    for (Map.Entry<String, ?> e : keys.entrySet()) {
      values.put(e.getKey(), e.getValue() == null ? null : String.valueOf(e.getValue()));
    }
    return LinkBenchConfigReader.read(
        new RawKeys(values, source == null ? "(map)" : source), scaleFactor);
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
      return LinkBenchConfigReader.read(
          new RawKeys(Map.of(), "(no XML config: defaults)"), scaleFactor);
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
    return LinkBenchConfigReader.read(new RawKeys(values, where), scaleFactor);
  }

  // ---------------------------------------------------------------- derived values

  /** {@code maxid1 - startid1}. */
  public long nodeCount() {
    return maxId1 - startId1;
  }

  /** The access distribution of one request kind. */
  public DistributionSpec access(AccessKind kind) {
    return access.get(kind);
  }
}
