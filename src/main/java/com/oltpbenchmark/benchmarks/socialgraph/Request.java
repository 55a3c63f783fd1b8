package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.benchmarks.socialgraph.audit.WriteEffect;
import com.oltpbenchmark.benchmarks.socialgraph.fidelity.RunDraws;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Delivery;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoRequest;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * One drawn request of one transaction type, as a {@link RequestHandler} describes it to the {@link
 * RequestPipeline}: what kind of transaction it needs, what the fidelity counters count, and the
 * procedure call. The pipeline, not the handler, applies everything that every request shares.
 *
 * @param shape how the request meets the database, which decides the concerns that apply
 * @param counted what the draw adds to the run's fidelity counters
 * @param body the procedure call
 * @param taoBench the TAOBench request whose version beliefs follow the outcome, or null
 * @param candidates for a write that can be sent as one self-committing round trip: the effects it
 *     may leave, known before it runs (those known only afterwards, such as a new node's id, come
 *     with its {@link Outcome}); null for any other request
 */
record Request(
    Shape shape, Counted counted, Body body, TaoRequest taoBench, List<WriteEffect> candidates) {

  /**
   * What a request is, as far as reaching the database goes; the worker's {@link Session} turns it
   * into a {@link Delivery}.
   */
  enum Shape {
    /** One read-only statement. */
    SINGLE_STATEMENT_READ,
    /** Reads that need one transaction. */
    READ_TRANSACTION,
    /**
     * TAOBench's ReadTxn: reads that need one snapshot, which the dialect may send as one
     * statement.
     */
    READ_GROUP,
    /** A write that is one statement or one server routine call. */
    ONE_ROUND_TRIP_WRITE,
    /** TAOBench's WriteTxn: a group of writes that server routines may send as one query. */
    WRITE_GROUP;

    /** Whether its effects are tracked for the lost-write audit. */
    boolean isWrite() {
      return this == ONE_ROUND_TRIP_WRITE || this == WRITE_GROUP;
    }
  }

  /** The procedure call, given how it reaches the database. */
  @FunctionalInterface
  interface Body {
    Outcome run(Connection conn, Delivery delivery) throws SQLException;
  }

  /** What a draw adds to the run's fidelity counters. */
  @FunctionalInterface
  interface Counted {
    Counted NOTHING = draws -> {};

    void into(RunDraws draws);
  }

  /**
   * What a procedure call did.
   *
   * @param effects what a write left behind, for the lost-write audit (empty for a read)
   * @param afterSuccess what this worker learns once the request succeeded (its write acknowledged)
   * @param observed what a read returned, for the online read checks (a {@code Node}, {@code Link},
   *     {@code TaoReadResult} or a list of them); null when there is nothing to check
   */
  record Outcome(List<WriteEffect> effects, Runnable afterSuccess, Object observed) {

    private static final Runnable NOTHING = () -> {};

    static final Outcome READ = new Outcome(List.of(), NOTHING, null);

    static Outcome read(Runnable afterSuccess) {
      return new Outcome(List.of(), afterSuccess, null);
    }

    /** A read that returned {@code observed}, learning {@code afterSuccess} from it. */
    static Outcome saw(Object observed, Runnable afterSuccess) {
      return new Outcome(List.of(), afterSuccess, observed);
    }

    static Outcome saw(Object observed) {
      return observed == null ? READ : new Outcome(List.of(), NOTHING, observed);
    }

    static Outcome wrote(WriteEffect effect) {
      return new Outcome(List.of(effect), NOTHING, null);
    }

    static Outcome wrote(List<WriteEffect> effects) {
      return new Outcome(effects, NOTHING, null);
    }
  }

  static Request singleStatementRead(Counted counted, Body body) {
    return new Request(Shape.SINGLE_STATEMENT_READ, counted, body, null, null);
  }

  static Request readTransaction(Counted counted, Body body) {
    return new Request(Shape.READ_TRANSACTION, counted, body, null, null);
  }

  static Request readGroup(Counted counted, Body body) {
    return new Request(Shape.READ_GROUP, counted, body, null, null);
  }

  /**
   * A write that is one statement or one server routine call, so it can commit itself in one round
   * trip where the session allows it; {@code candidates} as in {@link Request}.
   */
  static Request oneRoundTripWrite(Counted counted, List<WriteEffect> candidates, Body body) {
    return new Request(Shape.ONE_ROUND_TRIP_WRITE, counted, body, null, List.copyOf(candidates));
  }

  /** A write group, which may go as one self-committing query; {@code candidates} as above. */
  static Request writeGroup(Counted counted, List<WriteEffect> candidates, Body body) {
    return new Request(Shape.WRITE_GROUP, counted, body, null, List.copyOf(candidates));
  }

  /** This request, whose outcome also moves the worker's TAOBench version beliefs. */
  Request forTaoBench(TaoRequest request) {
    return new Request(shape, counted, body, request, candidates);
  }
}
