package com.oltpbenchmark.benchmarks.socialgraph.linkbench;

import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import java.util.Random;

/**
 * Chooses the id2 of a link request so that it names a loaded link with probability about {@code
 * pExisting} (LinkBench's ID2Chooser.chooseForOp): with {@code n} loaded links of (id1, type), draw
 * {@code j} uniform in {@code [0, ceil(n / pExisting))}; {@code j < n} is loaded link j ({@link
 * SocialGraph#id2}), any other j an id2 the load never wrote. For the default graph ({@code id2 =
 * id1 + j}) this is LinkBench's formula exactly.
 *
 * <p>With {@code id2gen_config = 1} each worker keeps to its own residue class of id2 modulo the
 * number of workers, so concurrent workers never write the same link (LinkBench's option).
 */
public final class Id2Chooser {

  /** LinkBench's P_GET_EXIST, P_UPDATE_EXIST, P_DELETE_EXIST, P_ADD_EXIST. */
  public static final double P_GET_EXIST = 0.5;

  public static final double P_UPDATE_EXIST = 0.9;
  public static final double P_DELETE_EXIST = 0.9;
  public static final double P_ADD_EXIST = 0.05;

  private static final int MAX_UNIQUE_TRIES = 100;

  private final SocialGraph graph;
  private final boolean disjointPerWorker;
  private final int workerId;
  private final int workers;

  public Id2Chooser(SocialGraph graph, boolean disjointPerWorker, int workerId, int workers) {
    this.graph = graph;
    this.disjointPerWorker = disjointPerWorker && workers > 1;
    this.workerId = workerId;
    this.workers = Math.max(1, workers);
  }

  public long choose(Random rng, long id1, int typeIndex, double pExisting) {
    long loaded = graph.outDegree(id1, typeIndex);
    return choose(rng, id1, typeIndex, loaded, pExisting);
  }

  private long choose(Random rng, long id1, int typeIndex, long loaded, double pExisting) {
    long range = Math.max(1, (long) Math.ceil(loaded / pExisting));
    long j = nextLong(rng, range);
    long id2;
    if (j < loaded) {
      id2 = graph.id2(id1, typeIndex, j);
    } else if (graph.randomId2Max() == 0) {
      id2 = id1 + j;
    } else {
      id2 = nextLong(rng, graph.randomId2Max());
    }
    return disjointPerWorker ? ownResidue(id2) : id2;
  }

  /**
   * {@code k} id2s for a multiget: distinct where possible (redrawn up to 100 times, as LinkBench),
   * and simply the first {@code k} loaded links when there are no more than {@code k} candidates.
   */
  public long[] chooseMany(Random rng, long id1, int typeIndex, int k, double pExisting) {
    long loaded = graph.outDegree(id1, typeIndex);
    long range = Math.max(1, (long) Math.ceil(loaded / pExisting));
    long[] id2s = new long[k];
    if (range <= k && graph.randomId2Max() == 0) {
      for (int i = 0; i < k; i++) {
        id2s[i] = disjointPerWorker ? ownResidue(id1 + i) : id1 + i;
      }
      return id2s;
    }
    for (int i = 0; i < k; i++) {
      long id2 = choose(rng, id1, typeIndex, loaded, pExisting);
      for (int tries = 1; tries < MAX_UNIQUE_TRIES && contains(id2s, i, id2); tries++) {
        id2 = choose(rng, id1, typeIndex, loaded, pExisting);
      }
      id2s[i] = id2;
    }
    return id2s;
  }

  private long ownResidue(long id2) {
    long shifted = id2 - Math.floorMod(id2, workers) + workerId;
    long max = graph.randomId2Max();
    return max > 0 && shifted >= max ? shifted - workers : shifted;
  }

  private static boolean contains(long[] values, int n, long v) {
    for (int i = 0; i < n; i++) {
      if (values[i] == v) {
        return true;
      }
    }
    return false;
  }

  static long nextLong(Random rng, long bound) {
    if (bound <= Integer.MAX_VALUE) {
      return rng.nextInt((int) bound);
    }
    return Math.floorMod(rng.nextLong(), bound);
  }
}
