package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.commons.math3.stat.inference.ChiSquareTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Without a database: the generator's draws of request type, op type, transaction size, primary
 * shard and remote shard over 50,000 requests each fit the workload's distributions (chi-square
 * goodness of fit, p > 0.01, fixed seeds). Bins with an expected count below 5 are pooled with
 * their neighbours; a zero-weight bin must never be drawn.
 */
class TaoWorkloadFidelityTest {

  static final int N = 50_000;
  static final double ALPHA = 0.01;
  static final long SEED = 3L;

  private static TaoWorkload workload(String name) {
    return name.equals("small") ? TaoTestFixtures.small(7) : TaoWorkloads.preset(name, 50);
  }

  @ParameterizedTest
  @ValueSource(strings = {"A", "O", "R", "small"})
  void requestTypesFitOperations(String name) {
    TaoWorkload w = workload(name);
    TaoRequestGenerator g = TaoTestFixtures.generator(w, SEED, 0, 1);
    long[] counts = new long[4];
    drawN(g::next, r -> counts[r.type().ordinal()]++);
    assertFits(name + " operations", w.operations().probabilities(), counts);
  }

  @ParameterizedTest
  @ValueSource(strings = {"A", "O", "R", "small"})
  void readsFitOpTypesAndPrimaryShards(String name) {
    TaoWorkload w = workload(name);
    TaoRequestGenerator g = TaoTestFixtures.generator(w, SEED + 1, 0, 1);
    long[] types = new long[5];
    long[] shards = new long[w.shards()];
    drawN(
        () -> g.next(TaoRequestType.READ),
        r -> {
          types[readType(r.single())]++;
          shards[r.shard(0)]++;
          assertEquals(r.shard(0), g.shardMap().shardOf(r.single().id1()));
        });
    assertFits(name + " read_operation_types", probabilities(w.readOpTypes()), types);
    assertFits(name + " primary_shards", w.primaryShards().probabilities(), shards);
  }

  @ParameterizedTest
  @ValueSource(strings = {"A", "O", "R", "small"})
  void readTransactionsFitSizesAndOpTypes(String name) {
    TaoWorkload w = workload(name);
    TaoRequestGenerator g = TaoTestFixtures.generator(w, SEED + 2, 0, 1);
    WeightedValues<Integer> sizes = w.readTxnSizes();
    long[] sizeCounts = new long[sizes.values().size()];
    long[] types = new long[5];
    drawN(
        () -> g.next(TaoRequestType.READ_TXN),
        r -> {
          sizeCounts[sizes.values().indexOf(r.ops().size())]++;
          for (TaoOp op : r.ops()) {
            types[readType(op)]++;
          }
        });
    assertFits(name + " read_txn_sizes", sizes.choice().probabilities(), sizeCounts);
    assertFits(name + " read_txn_operation_types", probabilities(w.readTxnOpTypes()), types);
  }

  @ParameterizedTest
  @ValueSource(strings = {"A", "O", "small"})
  void writesFitOpTypesAndRemoteShards(String name) {
    TaoWorkload w = workload(name);
    TaoRequestGenerator g = TaoTestFixtures.generator(w, SEED + 3, 0, 1);
    long[] types = new long[6];
    long[] remote = new long[w.shards()];
    drawN(
        () -> g.next(TaoRequestType.WRITE),
        r -> {
          TaoOp op = r.single();
          types[writeType(op)]++;
          if (op instanceof TaoOp.AssocWrite a && a.kind() == TaoOpKind.ASSOC_ADD) {
            remote[g.shardMap().shardOf(a.id2())]++;
          }
        });
    assertFits(name + " write_operation_types", probabilities(w.writeOpTypes()), types);
    assertFits(name + " remote_shards", w.remoteShards().probabilities(), remote);
  }

  @ParameterizedTest
  @ValueSource(strings = {"A", "O", "small"})
  void writeTransactionsFitSizesOpTypesAndShards(String name) {
    TaoWorkload w = workload(name);
    // independent shards: the per-op shard counts are then independent draws (colocated
    // transactions are checked per transaction in TaoLocalityFidelityTest)
    TaoRequestGenerator g = TaoTestFixtures.generator(w, SEED + 4, 0, 1, TaoLocality.CPP_TOOL);
    WeightedValues<Integer> sizes = w.writeTxnSizes();
    long[] sizeCounts = new long[sizes.values().size()];
    long[] types = new long[6];
    long[] shards = new long[w.shards()];
    drawN(
        () -> g.next(TaoRequestType.WRITE_TXN),
        r -> {
          sizeCounts[sizes.values().indexOf(r.ops().size())]++;
          for (int j = 0; j < r.ops().size(); j++) {
            types[writeType(r.ops().get(j))]++;
            shards[r.shard(j)]++;
          }
        });
    assertFits(name + " write_txn_sizes", sizes.choice().probabilities(), sizeCounts);
    assertFits(name + " write_txn_operation_types", probabilities(w.writeTxnOpTypes()), types);
    assertFits(name + " primary_shards (write txns)", w.primaryShards().probabilities(), shards);
  }

  /** Hands N requests from {@code next} to {@code count}. */
  private static void drawN(Supplier<TaoRequest> next, Consumer<TaoRequest> count) {
    for (int i = 0; i < N; i++) {
      count.accept(next.get());
    }
  }

  /** Index of the read op type in read_operation_types order. */
  static int readType(TaoOp op) {
    return switch (op.kind()) {
      case OBJECT_READ -> 0;
      case ASSOC_READ -> 1;
      case ASSOC_RANGE -> ((TaoOp.AssocRange) op).minTime() == Long.MIN_VALUE ? 2 : 4;
      case ASSOC_COUNT -> 3;
      default -> throw new AssertionError("not a read: " + op);
    };
  }

  /** Index of the write op type in write_operation_types order. */
  static int writeType(TaoOp op) {
    return switch (op.kind()) {
      case OBJECT_ADD -> 0;
      case OBJECT_UPDATE -> 1;
      case OBJECT_DELETE -> 2;
      case ASSOC_ADD -> 3;
      case ASSOC_UPDATE -> 4;
      case ASSOC_DELETE -> 5;
      default -> throw new AssertionError("not a write: " + op);
    };
  }

  /** Probabilities in vocabulary order (the enum's ordinal), summing equal values. */
  static <E extends Enum<E>> double[] probabilities(WeightedValues<E> v) {
    E any = v.values().get(0);
    E[] all = any.getDeclaringClass().getEnumConstants();
    double[] p = new double[all.length];
    for (E e : all) {
      p[e.ordinal()] = v.probabilityOf(e);
    }
    return p;
  }

  static void assertFits(String what, double[] p, long[] observed) {
    long n = 0;
    for (long o : observed) {
      n += o;
    }
    assertTrue(n > 0, what + ": nothing observed");
    List<Double> expected = new ArrayList<>();
    List<Long> seen = new ArrayList<>();
    double e = 0;
    long o = 0;
    for (int i = 0; i < p.length; i++) {
      if (p[i] == 0) {
        assertEquals(0, observed[i], what + ": bin " + i + " has weight 0 but was drawn");
        continue;
      }
      e += p[i] * n;
      o += observed[i];
      if (e >= 5) {
        expected.add(e);
        seen.add(o);
        e = 0;
        o = 0;
      }
    }
    if (e > 0 || o > 0) {
      if (expected.isEmpty()) {
        expected.add(e);
        seen.add(o);
      } else {
        int last = expected.size() - 1;
        expected.set(last, expected.get(last) + e);
        seen.set(last, seen.get(last) + o);
      }
    }
    if (expected.size() < 2) {
      return; // a single possible outcome: the zero-weight check above is the whole test
    }
    double[] exp = expected.stream().mapToDouble(Double::doubleValue).toArray();
    long[] obs = seen.stream().mapToLong(Long::longValue).toArray();
    double pValue = new ChiSquareTest().chiSquareTest(exp, obs);
    System.out.printf("fidelity %-40s bins=%3d n=%8d p=%.4f%n", what, exp.length, n, pValue);
    assertTrue(pValue > ALPHA, what + ": chi-square p = " + pValue + " <= " + ALPHA);
  }
}
