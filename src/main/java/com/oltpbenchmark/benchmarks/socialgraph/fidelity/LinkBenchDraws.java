package com.oltpbenchmark.benchmarks.socialgraph.fidelity;

import com.oltpbenchmark.benchmarks.socialgraph.config.AccessKind;
import com.oltpbenchmark.benchmarks.socialgraph.config.DistributionFamily;
import com.oltpbenchmark.benchmarks.socialgraph.config.DistributionSpec;
import com.oltpbenchmark.benchmarks.socialgraph.config.LinkBenchConfig;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the LinkBench request streams of all workers drew, against what was configured: key skew per
 * access stream (a Zipf shape fitted from the drawn ids) and payload sizes. Fed by the workers,
 * read by the runtime's report through the benchmark's {@code workloadFidelity()}.
 */
public final class LinkBenchDraws {
  private final KeyCounts nodeReads = new KeyCounts();
  private final KeyCounts nodeUpdates = new KeyCounts();
  private final KeyCounts linkListReads = new KeyCounts();
  private final KeyCounts linkWrites = new KeyCounts();
  private final SizeSample nodeData = new SizeSample();
  private final SizeSample linkData = new SizeSample();

  public void nodeRead(long id) {
    nodeReads.add(id);
  }

  public void nodeUpdated(Node n) {
    nodeUpdates.add(n.id());
    nodeData.add(n.data() == null ? 0 : n.data().length);
  }

  public void nodeAdded(Node n) {
    nodeData.add(n.data() == null ? 0 : n.data().length);
  }

  public void linkListRead(long id1) {
    linkListReads.add(id1);
  }

  public void linkWritten(Link l) {
    linkWrites.add(l.id1());
    linkData.add(l.data() == null ? 0 : l.data().length);
  }

  /** True when no LinkBench request has been drawn. */
  public boolean isEmpty() {
    return nodeReads.draws() + nodeUpdates.draws() + linkListReads.draws() + linkWrites.draws() == 0
        && nodeData.count() == 0;
  }

  public Map<String, Object> snapshot(LinkBenchConfig config) {
    Map<String, Object> m = new LinkedHashMap<>();
    List<Map<String, Object>> skew = new ArrayList<>();
    skew.add(stream("node reads (GetNode)", nodeReads, config, AccessKind.NODE_READS));
    skew.add(stream("node updates (UpdateNode)", nodeUpdates, config, AccessKind.NODE_UPDATES));
    skew.add(stream("link-list reads (GetLinkList)", linkListReads, config, AccessKind.LINK_READS));
    skew.add(
        stream("link writes (AddLink, UpdateLink)", linkWrites, config, AccessKind.LINK_WRITES));
    m.put("Key skew", skew);
    List<Map<String, Object>> sizes = new ArrayList<>();
    sizes.add(size("node data (AddNode, UpdateNode)", nodeData, config.nodeDataSize()));
    sizes.add(size("link data (AddLink, UpdateLink)", linkData, config.linkDataSize()));
    m.put("Payload sizes (bytes)", sizes);
    m.put(
        "Note",
        "Zipf shape fitted to the rank-frequency of the drawn ids (ranks drawn at least "
            + KeyCounts.MIN_COUNT
            + " times, top "
            + KeyCounts.MAX_FIT_RANKS
            + "): a rough check that needs many draws per hot key; short runs read low.");
    return m;
  }

  private static Map<String, Object> stream(
      String name, KeyCounts counts, LinkBenchConfig config, AccessKind kind) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("Stream", name);
    m.put("Draws", counts.draws());
    m.put("Distinct ids (tracked)", counts.distinctTracked());
    DistributionSpec spec = config.access(kind);
    m.put(
        "Configured",
        spec == null
            ? null
            : spec.family() == DistributionFamily.ZIPF && spec.has("shape")
                ? "zipf, shape " + spec.param("shape")
                : spec.family().name().toLowerCase(java.util.Locale.ROOT));
    double fitted = counts.fittedShape();
    m.put("Fitted Zipf shape", Double.isNaN(fitted) ? null : Math.round(fitted * 1000) / 1000.0);
    return m;
  }

  private static Map<String, Object> size(String name, SizeSample s, int configuredMedian) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("Payload", name);
    m.put("Draws", s.count());
    m.put("Configured median", configuredMedian);
    m.put("Observed median", Double.isNaN(s.median()) ? null : s.median());
    m.put("Observed mean", Double.isNaN(s.mean()) ? null : Math.round(s.mean() * 10) / 10.0);
    return m;
  }
}
