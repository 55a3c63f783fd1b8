package com.oltpbenchmark.benchmarks.socialgraph.config;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.commons.configuration2.XMLConfiguration;

/**
 * The {@code <taobench>} block of a BenchBase config (a direct child of {@code <parameters>}).
 * Every key is optional; an unknown key is an error naming it.
 *
 * <pre>
 * &lt;taobench&gt;
 *   &lt;workload&gt;A&lt;/workload&gt;           preset name (A, O, R) or path of a TAOBench workload file
 *   &lt;shards&gt;50&lt;/shards&gt;              logical shards over the node-id range
 *   &lt;payloadBytes&gt;150&lt;/payloadBytes&gt;  bytes written per object/association write
 *   &lt;payloadSizes&gt;16:5 150:3 255:1&lt;/payloadSizes&gt; instead: bytes:weight pairs, a size drawn
 *                                       per write (the paper parametrises request sizes so but
 *                                       publishes no figures)
 *   &lt;rangeLimit&gt;50&lt;/rangeLimit&gt;      rows per association range read
 *   &lt;newIdBase&gt;...&lt;/newIdBase&gt;      first id for new objects (default: derived from the run start)
 *   &lt;colocation&gt;colocated&lt;/colocation&gt; colocated: a transaction's further ops stay on its first
 *                                       op's shard often enough that crossShardShare of the write
 *                                       transactions span shards; independent: each op draws its
 *                                       shard (the C++ tool)
 *   &lt;crossShardShare&gt;0.287&lt;/crossShardShare&gt; target share of multi-shard write transactions
 *   &lt;keyDistribution&gt;zipf&lt;/keyDistribution&gt; key popularity inside a shard: zipf or uniform (C++)
 *   &lt;keyZipfShape&gt;0.73&lt;/keyZipfShape&gt;  its Zipf shape in (0, 1)
 * &lt;/taobench&gt;
 * </pre>
 */
public record TaoBenchConfig(
    String workload,
    int shards,
    int payloadBytes,
    int rangeLimit,
    long newIdBase,
    double crossShardShare,
    double keyShape,
    List<Integer> payloadSizes,
    List<Double> payloadWeights) {

  public static final String BLOCK = "taobench";
  public static final String DEFAULT_WORKLOAD = "A";
  public static final int DEFAULT_SHARDS = 50;

  /** TAOBench's fixed value size (VALUE_SIZE_BYTES); the paper publishes no size distribution. */
  public static final int DEFAULT_PAYLOAD_BYTES = 150;

  public static final int DEFAULT_RANGE_LIMIT = 50;

  /** TAO's production write transactions spanning more than one shard (paper, section 3.3). */
  public static final double DEFAULT_CROSS_SHARD_SHARE = 0.287;

  /** Within-shard key Zipf shape fitted to the paper's key-frequency figures (TaoLocality). */
  public static final double DEFAULT_KEY_SHAPE = 0.73;

  /** Marker: choose the new-id base from the run start time (see TaoIdAllocator). */
  public static final long AUTO_NEW_ID_BASE = -1;

  static final Set<String> KEYS =
      Set.of(
          "workload",
          "shards",
          "payloadBytes",
          "rangeLimit",
          "newIdBase",
          "colocation",
          "crossShardShare",
          "keyDistribution",
          "keyZipfShape",
          "payloadSizes");

  public TaoBenchConfig {
    if (workload == null || workload.isBlank()) {
      throw new ConfigException("<taobench><workload> must name a preset or a file");
    }
    if (shards < 1) {
      throw new ConfigException("<taobench><shards> must be >= 1, got " + shards);
    }
    if (payloadBytes < 0 || payloadBytes > Link.MAX_DATA) {
      throw new ConfigException(
          "<taobench><payloadBytes> must be in [0, "
              + Link.MAX_DATA
              + "] (the link payload column), got "
              + payloadBytes);
    }
    if (rangeLimit < 1) {
      throw new ConfigException("<taobench><rangeLimit> must be >= 1, got " + rangeLimit);
    }
    if (newIdBase < 0 && newIdBase != AUTO_NEW_ID_BASE) {
      throw new ConfigException("<taobench><newIdBase> must be >= 0, got " + newIdBase);
    }
    if (!Double.isNaN(crossShardShare) && !(crossShardShare >= 0 && crossShardShare <= 1)) {
      throw new ConfigException(
          "<taobench><crossShardShare> must be in [0, 1], got " + crossShardShare);
    }
    if (!Double.isNaN(keyShape) && !(keyShape > 0 && keyShape < 1)) {
      throw new ConfigException("<taobench><keyZipfShape> must be in (0, 1), got " + keyShape);
    }
    payloadSizes = List.copyOf(payloadSizes);
    payloadWeights = List.copyOf(payloadWeights);
    if (payloadSizes.size() != payloadWeights.size()) {
      throw new ConfigException("<taobench><payloadSizes> needs one weight per size");
    }
  }

  /** The paper's locality (colocated shards, Zipf keys) with the other keys given. */
  public TaoBenchConfig(
      String workload, int shards, int payloadBytes, int rangeLimit, long newIdBase) {
    this(
        workload,
        shards,
        payloadBytes,
        rangeLimit,
        newIdBase,
        DEFAULT_CROSS_SHARD_SHARE,
        DEFAULT_KEY_SHAPE,
        List.of(),
        List.of());
  }

  /** Every write carries {@link #payloadBytes} (no {@code <payloadSizes>}). */
  public boolean fixedPayload() {
    return payloadSizes.isEmpty();
  }

  /** Each op of a transaction draws its shard on its own (the C++ tool). */
  public boolean independentShards() {
    return Double.isNaN(crossShardShare);
  }

  /** Keys inside a shard are uniform (the C++ tool). */
  public boolean uniformKeys() {
    return Double.isNaN(keyShape);
  }

  public static TaoBenchConfig defaults() {
    return new TaoBenchConfig(
        DEFAULT_WORKLOAD,
        DEFAULT_SHARDS,
        DEFAULT_PAYLOAD_BYTES,
        DEFAULT_RANGE_LIMIT,
        AUTO_NEW_ID_BASE);
  }

  /** Reads the {@code <taobench>} block; null config or no block gives the defaults. */
  public static TaoBenchConfig from(XMLConfiguration xml) {
    ConfigBlock block = ConfigBlock.of(xml, BLOCK, KEYS);
    if (block.isEmpty()) {
      return defaults();
    }
    String workload = block.string("workload", DEFAULT_WORKLOAD).strip();
    String colocation = block.choice("colocation", "colocated", "independent");
    String keys = block.choice("keyDistribution", "zipf", "uniform");
    if (colocation.equals("independent") && block.has("crossShardShare")) {
      throw new ConfigException(
          "<taobench><crossShardShare> needs <colocation>colocated</colocation>");
    }
    if (keys.equals("uniform") && block.has("keyZipfShape")) {
      throw new ConfigException("<taobench><keyZipfShape> needs <keyDistribution>zipf");
    }
    List<Integer> sizes = new ArrayList<>();
    List<Double> weights = new ArrayList<>();
    if (block.has("payloadSizes")) {
      if (block.has("payloadBytes")) {
        throw new ConfigException(
            "<taobench><payloadBytes> and <payloadSizes> exclude each other (fixed or drawn size)");
      }
      readPayloadSizes(block.string("payloadSizes", ""), sizes, weights);
    }
    return new TaoBenchConfig(
        workload,
        block.intValue("shards", DEFAULT_SHARDS),
        block.intValue("payloadBytes", DEFAULT_PAYLOAD_BYTES),
        block.intValue("rangeLimit", DEFAULT_RANGE_LIMIT),
        block.longValue("newIdBase", AUTO_NEW_ID_BASE),
        colocation.equals("independent")
            ? Double.NaN
            : block.doubleValue("crossShardShare", DEFAULT_CROSS_SHARD_SHARE),
        keys.equals("uniform") ? Double.NaN : block.doubleValue("keyZipfShape", DEFAULT_KEY_SHAPE),
        sizes,
        weights);
  }

  /** {@code <payloadSizes>}: whitespace-separated bytes:weight pairs. */
  private static void readPayloadSizes(String raw, List<Integer> sizes, List<Double> weights) {
    double total = 0;
    for (String pair : raw.strip().split("\\s+")) {
      String[] p = pair.split(":", -1);
      try {
        if (p.length != 2) {
          throw new NumberFormatException();
        }
        int size = Integer.parseInt(p[0].strip());
        double weight = Double.parseDouble(p[1].strip());
        if (size < 0 || size > 255 || !(weight >= 0) || Double.isInfinite(weight)) {
          throw new ConfigException(
              "<taobench><payloadSizes>: \""
                  + pair
                  + "\" needs a size in [0, 255] (the link payload column) and a weight >= 0");
        }
        sizes.add(size);
        weights.add(weight);
        total += weight;
      } catch (NumberFormatException e) {
        throw new ConfigException(
            "<taobench><payloadSizes>: \"" + pair + "\" is not bytes:weight (e.g. 150:3)");
      }
    }
    if (!(total > 0)) {
      throw new ConfigException("<taobench><payloadSizes> has no positive weight");
    }
  }
}
