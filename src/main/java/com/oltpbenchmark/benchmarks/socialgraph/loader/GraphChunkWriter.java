package com.oltpbenchmark.benchmarks.socialgraph.loader;

import com.oltpbenchmark.benchmarks.socialgraph.graph.LinkSink;
import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import com.oltpbenchmark.benchmarks.socialgraph.graph.StreamRandom;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import java.sql.SQLException;

/**
 * Turns id ranges of a {@link SocialGraph} into rows: per id its node, its links type by type and
 * one count row per (id, type) that has links, the count being exactly the (visible) links written
 * and its time the newest link's time, as LinkBench's bulk loader writes it.
 */
public final class GraphChunkWriter {

  private final SocialGraph graph;
  private final GraphRowWriter out;
  private final StreamRandom rng = new StreamRandom(0);
  private final LinkSink linkSink;

  public GraphChunkWriter(SocialGraph graph, GraphRowWriter out) {
    this.graph = graph;
    this.out = out;
    this.linkSink = out::link;
  }

  /** Writes every row of the ids {@code [start, end)}. */
  public void write(long start, long end) throws SQLException {
    int types = graph.linkTypeCount();
    for (long id = start; id < end; id++) {
      out.node(
          id,
          Node.DEFAULT_TYPE,
          SocialGraph.NODE_LOAD_VERSION,
          SocialGraph.NODE_LOAD_TIME_SECONDS,
          graph.nodeData(id, rng));
      long total = graph.totalOutDegree(id);
      for (int t = 0; t < types && total > 0; t++) {
        long degree = graph.typeShare(total, t);
        if (degree == 0) {
          continue;
        }
        long newest = graph.generateLinks(id, t, degree, rng, linkSink);
        out.count(id, graph.linkType(t), degree, newest, 0);
      }
    }
  }
}
