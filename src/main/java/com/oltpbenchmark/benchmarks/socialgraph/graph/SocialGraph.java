package com.oltpbenchmark.benchmarks.socialgraph.graph;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import java.sql.SQLException;
import java.util.function.LongUnaryOperator;

/**
 * The loaded graph as a pure function of a seed and the graph parameters: every node, every link
 * and every count row can be recomputed on its own, in any order, by any thread. The loader writes
 * exactly these rows; request generators use the same functions to address links that exist without
 * reading keys back from the database.
 *
 * <p>Node ids are dense in {@code [startId, endId)}. Link types are {@code FIRST_LINK_TYPE + i} for
 * {@code i < linkTypeCount} (LinkBench's numbering). For each id1 and type index the links are
 * numbered {@code j = 0 .. outDegree-1}; link j goes to {@link #id2}, which is {@code id1 + j} as
 * in LinkBench, or a per-(id1, type) permutation of {@code [0, randomId2Max)} when that is set, so
 * id2s never repeat within an (id1, type). Each node and each link draws its payload and time from
 * its own random stream, derived from (seed, id1, type, j); the load is therefore identical
 * whatever the number and order of loader threads.
 *
 * <p>Instances are immutable and thread-safe when their {@link PayloadSource}s are.
 */
public final class SocialGraph {

  /** LinkBench's first link type id; type index i is {@code FIRST_LINK_TYPE + i}. */
  public static final long FIRST_LINK_TYPE = 123_456_789L;

  /**
   * The graph's "load time" in epoch milliseconds. A fixed instant rather than the wall clock, so
   * the graph is a function of the seed alone. Loaded links get times in the 2^32 ms (about 50
   * days) before it, as in LinkBench; links written later by requests carry the real current time
   * and therefore sort after every loaded link.
   */
  public static final long LOAD_EPOCH_MILLIS = 1_700_000_000_000L;

  /** Node time of loaded nodes: the load epoch in seconds (LinkBench writes seconds). */
  public static final long NODE_LOAD_TIME_SECONDS = LOAD_EPOCH_MILLIS / 1000;

  /** Version of loaded nodes (LinkBench writes 1 on insert). */
  public static final long NODE_LOAD_VERSION = 1;

  private static final long NODE_STREAM = 0x4E4F4445L;
  private static final long LINK_STREAM = 0x4C494E4BL;
  private static final long ID2_STREAM = 0x49443253L;

  private final long seed;
  private final long linkStreamBase;
  private final long nodeStreamBase;
  private final long startId;
  private final long endId;
  private final int linkTypeCount;
  private final long randomId2Max;
  private final LongUnaryOperator totalDegree;
  private final PayloadSource linkPayload;
  private final PayloadSource nodePayload;

  /**
   * @param seed the graph seed; equal seeds and parameters give equal graphs
   * @param startId first node id (inclusive)
   * @param endId end of the node ids (exclusive)
   * @param linkTypeCount number of link types, at least 1
   * @param randomId2Max 0 for LinkBench's {@code id2 = id1 + j}; else id2s are drawn without
   *     repetition from {@code [0, randomId2Max)} (and the out-degree is capped at it)
   * @param totalDegree total out-degree (all types) of an id1; must be a pure function
   * @param linkPayload payload of a loaded link
   * @param nodePayload payload of a loaded node
   */
  public SocialGraph(
      long seed,
      long startId,
      long endId,
      int linkTypeCount,
      long randomId2Max,
      LongUnaryOperator totalDegree,
      PayloadSource linkPayload,
      PayloadSource nodePayload) {
    if (endId <= startId) {
      throw new IllegalArgumentException(
          "the node id range [" + startId + ", " + endId + ") is empty");
    }
    if (linkTypeCount < 1) {
      throw new IllegalArgumentException(
          "link_type_count must be at least 1, got " + linkTypeCount);
    }
    if (randomId2Max < 0 || randomId2Max > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("randomid2max must be in [0, 2^31), got " + randomId2Max);
    }
    this.seed = seed;
    this.linkStreamBase = StreamRandom.derive(seed, LINK_STREAM);
    this.nodeStreamBase = StreamRandom.derive(seed, NODE_STREAM);
    this.startId = startId;
    this.endId = endId;
    this.linkTypeCount = linkTypeCount;
    this.randomId2Max = randomId2Max;
    this.totalDegree = totalDegree;
    this.linkPayload = linkPayload;
    this.nodePayload = nodePayload;
  }

  public long seed() {
    return seed;
  }

  /** First node id (inclusive). */
  public long startId() {
    return startId;
  }

  /** End of the node ids (exclusive); AddNode's first id. */
  public long endId() {
    return endId;
  }

  public long nodeCount() {
    return endId - startId;
  }

  public boolean containsNode(long id) {
    return id >= startId && id < endId;
  }

  public int linkTypeCount() {
    return linkTypeCount;
  }

  /** 0 when id2 = id1 + j (LinkBench's default), else the id2 range. */
  public long randomId2Max() {
    return randomId2Max;
  }

  /** The link type of type index {@code typeIndex}. */
  public long linkType(int typeIndex) {
    checkTypeIndex(typeIndex);
    return FIRST_LINK_TYPE + typeIndex;
  }

  /** The type index of {@code linkType}, or -1 if it is not one of the graph's types. */
  public int typeIndex(long linkType) {
    long i = linkType - FIRST_LINK_TYPE;
    return i >= 0 && i < linkTypeCount ? (int) i : -1;
  }

  /** Number of loaded links from {@code id1} over all types; 0 outside the id range. */
  public long totalOutDegree(long id1) {
    if (!containsNode(id1)) {
      return 0;
    }
    long total = totalDegree.applyAsLong(id1);
    if (total < 0) {
      throw new IllegalStateException("out-degree function returned " + total + " for id " + id1);
    }
    if (randomId2Max > 0) {
      total = Math.min(total, randomId2Max * linkTypeCount);
    }
    return total;
  }

  /**
   * Number of loaded links of type index {@code typeIndex} from {@code id1}. The total is split
   * evenly, the remainder going to the lowest type indexes, so the per-type degrees sum to the
   * total (LinkBench over-counted here; fixed on purpose).
   */
  public long outDegree(long id1, int typeIndex) {
    checkTypeIndex(typeIndex);
    return typeShare(totalOutDegree(id1), typeIndex);
  }

  /** The share of type index {@code typeIndex} in a total out-degree (see {@link #outDegree}). */
  public long typeShare(long totalDegree, int typeIndex) {
    return totalDegree / linkTypeCount + (typeIndex < totalDegree % linkTypeCount ? 1 : 0);
  }

  /** The destination of loaded link {@code j} of (id1, type); distinct for distinct j. */
  public long id2(long id1, int typeIndex, long j) {
    if (randomId2Max == 0) {
      return id1 + j;
    }
    return id2Permutation(id1, typeIndex).apply(j);
  }

  /**
   * The index j of the loaded link (id1, type, id2), or -1 when the load wrote no such link. Links
   * added or deleted by requests are not reflected.
   */
  public long indexOfId2(long id1, int typeIndex, long id2) {
    long degree = outDegree(id1, typeIndex);
    long j = randomId2Max == 0 ? id2 - id1 : id2Permutation(id1, typeIndex).inverse(id2);
    return j >= 0 && j < degree ? j : -1;
  }

  private Id2Permutation id2Permutation(long id1, int typeIndex) {
    return new Id2Permutation(
        randomId2Max, new StreamRandom(StreamRandom.derive(seed, ID2_STREAM, id1, typeIndex)));
  }

  /** Loaded link j of (id1, type), with its payload and time. */
  public Link link(long id1, int typeIndex, long j) {
    checkTypeIndex(typeIndex);
    StreamRandom rng = new StreamRandom(linkStreamSeed(id1, typeIndex, j));
    byte[] data = linkPayload.next(rng);
    long time = linkTime(rng);
    return new Link(id1, linkType(typeIndex), id2(id1, typeIndex, j), Link.VISIBLE, data, 0, time);
  }

  /** The node row the load writes for {@code id}. */
  public Node node(long id) {
    if (!containsNode(id)) {
      throw new IllegalArgumentException(
          "node " + id + " is outside the graph's id range [" + startId + ", " + endId + ")");
    }
    StreamRandom rng = new StreamRandom(nodeStreamSeed(id));
    return new Node(
        id, Node.DEFAULT_TYPE, NODE_LOAD_VERSION, NODE_LOAD_TIME_SECONDS, nodePayload.next(rng));
  }

  /** Node payload for {@code id}, drawn from {@code rng} after jumping to the node's stream. */
  public byte[] nodeData(long id, StreamRandom rng) {
    rng.reseed(nodeStreamSeed(id));
    return nodePayload.next(rng);
  }

  /**
   * Streams every loaded link of (id1, type) to {@code sink} in j order and returns the largest
   * link time (for the count row), or {@link Long#MIN_VALUE} when there are none. {@code rng} is a
   * scratch stream owned by the caller; it is re-seeded per link.
   */
  public long generateLinks(long id1, int typeIndex, StreamRandom rng, LinkSink sink)
      throws SQLException {
    return generateLinks(id1, typeIndex, outDegree(id1, typeIndex), rng, sink);
  }

  /** {@link #generateLinks(long, int, StreamRandom, LinkSink)} with the degree already known. */
  public long generateLinks(long id1, int typeIndex, long degree, StreamRandom rng, LinkSink sink)
      throws SQLException {
    long type = linkType(typeIndex);
    long maxTime = Long.MIN_VALUE;
    Id2Permutation permutation =
        randomId2Max == 0 || degree == 0 ? null : id2Permutation(id1, typeIndex);
    long pairBase = linkPairBase(id1, typeIndex);
    for (long j = 0; j < degree; j++) {
      rng.reseed(StreamRandom.derive(pairBase, j));
      byte[] data = linkPayload.next(rng);
      long time = linkTime(rng);
      long id2 = permutation == null ? id1 + j : permutation.apply(j);
      sink.link(id1, type, id2, Link.VISIBLE, data, 0, time);
      if (time > maxTime) {
        maxTime = time;
      }
    }
    return maxTime;
  }

  private static long linkTime(StreamRandom rng) {
    // Uniform over the 2^32 ms before the load epoch, as LinkBench's now - 2^31 + nextInt().
    return LOAD_EPOCH_MILLIS - (1L << 31) + rng.nextInt();
  }

  private long linkPairBase(long id1, int typeIndex) {
    return StreamRandom.derive(StreamRandom.derive(linkStreamBase, id1), typeIndex);
  }

  private long linkStreamSeed(long id1, int typeIndex, long j) {
    return StreamRandom.derive(linkPairBase(id1, typeIndex), j);
  }

  private long nodeStreamSeed(long id) {
    return StreamRandom.derive(nodeStreamBase, id);
  }

  private void checkTypeIndex(int typeIndex) {
    if (typeIndex < 0 || typeIndex >= linkTypeCount) {
      throw new IllegalArgumentException(
          "link type index " + typeIndex + " outside [0, " + linkTypeCount + ")");
    }
  }
}
