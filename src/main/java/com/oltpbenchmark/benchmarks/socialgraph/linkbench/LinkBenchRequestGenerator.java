package com.oltpbenchmark.benchmarks.socialgraph.linkbench;

import com.oltpbenchmark.benchmarks.socialgraph.distributions.AccessDistribution;
import com.oltpbenchmark.benchmarks.socialgraph.distributions.ProbabilityDistribution;
import com.oltpbenchmark.benchmarks.socialgraph.graph.PayloadSource;
import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import com.oltpbenchmark.benchmarks.socialgraph.linkbench.LinkBenchRequests.LinkKey;
import com.oltpbenchmark.benchmarks.socialgraph.linkbench.LinkBenchRequests.LinkList;
import com.oltpbenchmark.benchmarks.socialgraph.linkbench.LinkBenchRequests.MultiGet;
import com.oltpbenchmark.benchmarks.socialgraph.linkbench.LinkBenchRequests.RangeScan;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import java.util.List;
import java.util.Random;

/**
 * The arguments of LinkBench requests for one worker, drawn from the worker's own random stream, so
 * a worker's sequence of requests is a function of its seed (times aside, which are the wall clock
 * as in LinkBench).
 *
 * <ul>
 *   <li>id1 of link reads and writes: the correlated distribution (popular ids are the ids with the
 *       most links) or, with probability blend%, the uncorrelated one;
 *   <li>link type uniform over the graph's types; id2 by {@link Id2Chooser} with LinkBench's
 *       existence probabilities; multiget sizes from the multiget distribution;
 *   <li>GET_LINKS_LIST continues a cached full page with probability history% ({@link
 *       RangeHistory});
 *   <li>node reads, updates and deletes address the loaded ids {@code [startid1, maxid1)} only, as
 *       in LinkBench; AddNode lets the database allocate the id.
 * </ul>
 */
public final class LinkBenchRequestGenerator {

  /**
   * The access distributions and payload sources a generator draws from. The link streams already
   * blend the correlated and uncorrelated distributions; every access distribution is this worker's
   * own instance (they may keep a cursor).
   */
  public record Streams(
      AccessDistribution linkReads,
      AccessDistribution linkWrites,
      AccessDistribution nodeReads,
      AccessDistribution nodeUpdates,
      AccessDistribution nodeDeletes,
      ProbabilityDistribution multigetSize,
      PayloadSource linkAddData,
      PayloadSource linkUpdateData,
      PayloadSource nodeAddData,
      PayloadSource nodeUpdateData,
      double historyPercent,
      int rangeLimit) {}

  /** Node version LinkBench writes on update (a constant, never incremented). */
  public static final long UPDATED_NODE_VERSION = 2;

  private final SocialGraph graph;
  private final Random rng;
  private final Streams s;
  private final Id2Chooser id2s;
  private final RangeHistory history = new RangeHistory();
  private long historyQueries;

  public LinkBenchRequestGenerator(
      SocialGraph graph, Streams streams, Id2Chooser id2s, Random rng) {
    this.graph = graph;
    this.s = streams;
    this.id2s = id2s;
    this.rng = rng;
  }

  public SocialGraph graph() {
    return graph;
  }

  /** GET_LINKS_LIST requests that paged through the history so far. */
  public long historyQueries() {
    return historyQueries;
  }

  public RangeHistory history() {
    return history;
  }

  // ------------------------------------------------------------------ links

  public Link addLink() {
    return newLink(Id2Chooser.P_ADD_EXIST, s.linkAddData());
  }

  public Link updateLink() {
    return newLink(Id2Chooser.P_UPDATE_EXIST, s.linkUpdateData());
  }

  private Link newLink(double pExisting, PayloadSource payload) {
    long id1 = linkWriteId1();
    int type = typeIndex();
    long id2 = id2s.choose(rng, id1, type, pExisting);
    byte[] data = payload.next(rng);
    return new Link(
        id1, graph.linkType(type), id2, Link.VISIBLE, data, 0, System.currentTimeMillis());
  }

  public LinkKey deleteLink() {
    long id1 = linkWriteId1();
    int type = typeIndex();
    return new LinkKey(
        id1, graph.linkType(type), id2s.choose(rng, id1, type, Id2Chooser.P_DELETE_EXIST));
  }

  public LinkList countLink() {
    long id1 = linkReadId1();
    return new LinkList(id1, graph.linkType(typeIndex()));
  }

  public MultiGet getLink() {
    long id1 = linkReadId1();
    int type = typeIndex();
    int k = multigetSize();
    return new MultiGet(
        id1, graph.linkType(type), id2s.chooseMany(rng, id1, type, k, Id2Chooser.P_GET_EXIST));
  }

  /** Number of id2s in the next multiget: at least 1. */
  int multigetSize() {
    return (int) Math.max(1, Math.min(Integer.MAX_VALUE, s.multigetSize().choose(rng)));
  }

  /**
   * The next range scan: a continuation of a cached full page with probability history%, else the
   * first page of a fresh (id1, type). Report the result with {@link #rangeScanned}.
   */
  public RangeScan getLinkList() {
    boolean fromHistory = rng.nextDouble() * 100 < s.historyPercent();
    if (fromHistory && !history.isEmpty()) {
      RangeHistory.Page page = history.pick(rng);
      // Offset 1 skips the link the previous page ended on (LinkBench's paging).
      return new RangeScan(page.id1(), page.linkType(), 0, page.maxTime(), 1, s.rangeLimit(), page);
    }
    long id1 = linkReadId1();
    return new RangeScan(
        id1, graph.linkType(typeIndex()), 0, Long.MAX_VALUE, 0, s.rangeLimit(), null);
  }

  /** Feeds a range scan's result back into the history cache. */
  public void rangeScanned(RangeScan scan, List<Link> result) {
    boolean full = result.size() >= scan.limit();
    long oldest = result.isEmpty() ? 0 : result.get(result.size() - 1).time();
    if (scan.isHistoryQuery()) {
      historyQueries++;
      history.advance(scan.history(), full, oldest);
    } else if (full) {
      history.rememberFull(scan.id1(), scan.linkType(), oldest, rng);
    }
  }

  // ------------------------------------------------------------------ nodes

  /** A node for AddNode (its id is allocated by the database). */
  public Node addNode() {
    return new Node(
        -1,
        Node.DEFAULT_TYPE,
        SocialGraph.NODE_LOAD_VERSION,
        nowSeconds(),
        s.nodeAddData().next(rng));
  }

  public Node updateNode() {
    long id = s.nodeUpdates().nextId(rng);
    return new Node(
        id, Node.DEFAULT_TYPE, UPDATED_NODE_VERSION, nowSeconds(), s.nodeUpdateData().next(rng));
  }

  public long deleteNodeId() {
    return s.nodeDeletes().nextId(rng);
  }

  public long getNodeId() {
    return s.nodeReads().nextId(rng);
  }

  // ------------------------------------------------------------------ ids

  long linkReadId1() {
    return s.linkReads().nextId(rng);
  }

  long linkWriteId1() {
    return s.linkWrites().nextId(rng);
  }

  private int typeIndex() {
    int types = graph.linkTypeCount();
    return types == 1 ? 0 : rng.nextInt(types);
  }

  private static long nowSeconds() {
    return System.currentTimeMillis() / 1000;
  }
}
