package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.api.Loader;
import com.oltpbenchmark.api.LoaderThread;
import com.oltpbenchmark.benchmarks.socialgraph.audit.GraphMarker;
import com.oltpbenchmark.benchmarks.socialgraph.audit.LoadGuard;
import com.oltpbenchmark.benchmarks.socialgraph.config.DriverShare;
import com.oltpbenchmark.benchmarks.socialgraph.graph.SocialGraph;
import com.oltpbenchmark.benchmarks.socialgraph.loader.ChunkQueue;
import com.oltpbenchmark.benchmarks.socialgraph.loader.DeferredIndexes;
import com.oltpbenchmark.benchmarks.socialgraph.loader.GraphChunkWriter;
import com.oltpbenchmark.benchmarks.socialgraph.loader.GraphRowWriter;
import com.oltpbenchmark.benchmarks.socialgraph.loader.LoadProgress;
import com.oltpbenchmark.benchmarks.socialgraph.loader.LoadStrategy;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Loads the graph of {@link SocialGraph}: nodes, links and count rows.
 *
 * <p>{@code <loaderThreads>} threads take chunks of consecutive ids from a shared queue; every row
 * is a function of its id and the seed only, so the tables are identical whatever the thread count.
 * What differs per database (PostgreSQL: COPY, indexes built after the load, ANALYZE; others:
 * multi-row INSERTs of {@code <batchsize>} rows; the id allocator statements) is in {@link
 * LoadStrategy}. A last thread waits for the others, rebuilds the deferred indexes, moves the node
 * id allocator past {@code maxid1} (so AddNode continues after the loaded ids) and refreshes the
 * planner statistics where the database needs it. Its summary line gives the rates over the whole
 * load, index rebuild included.
 */
public final class SocialGraphLoader extends Loader<SocialGraphBenchmark> {

  private static final long PROGRESS_INTERVAL_MS = 5_000;

  private final SocialGraph graph;
  private final int chunkSize;
  private volatile LoadProgress progress;

  public SocialGraphLoader(SocialGraphBenchmark benchmark) {
    super(benchmark);
    this.graph = benchmark.graph();
    this.chunkSize = benchmark.linkBench().config().loaderChunkSize();
  }

  /** The graph this loader writes. */
  public SocialGraph graph() {
    return graph;
  }

  /** Row counts and rates of the last load, or null before one started. */
  public LoadProgress progress() {
    return progress;
  }

  @Override
  public List<LoaderThread> createLoaderThreads() throws SQLException {
    int writers = Math.max(1, workConf.getLoaderThreads());
    DriverShare share = benchmark.driverShare();
    long[] ids =
        share.shared()
            ? share.slice(graph.startId(), graph.endId())
            : new long[] {graph.startId(), graph.endId()};
    LoadProgress run = new LoadProgress(ids[1] - ids[0], PROGRESS_INTERVAL_MS);
    this.progress = run;
    ChunkQueue chunks = new ChunkQueue(ids[0], ids[1], chunkSize);
    CountDownLatch writersDone = new CountDownLatch(writers);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    try (Connection conn = benchmark.makeConnection()) {
      String refusal =
          share.shared()
              ? LoadGuard.sliceRefusal(
                  conn, benchmark.linkBench().config(), share.k(), share.n(), ids[0], ids[1])
              : LoadGuard.refusal(conn);
      if (refusal != null) {
        throw new IllegalStateException(refusal);
      }
      // Only now that the load will run: until the finisher writes it again, the graph counts as
      // incomplete.
      if (share.shared()) {
        GraphMarker.clearForSlice(conn, share.k());
      } else {
        GraphMarker.clear(conn);
      }
    }
    List<DeferredIndexes.Index> dropped = List.of();
    if (share.shared()) {
      // Slices load at the same time from several processes: none of them could know when the
      // others are done with an index it dropped, and two drops of one index collide.
      LOG.info("socialgraph: a slice loads with the secondary indexes in place");
    } else {
      try (Connection conn = benchmark.makeConnection()) {
        dropped = strategy().dropDeferredIndexes(conn);
      }
    }
    LOG.info(
        "socialgraph: loading ids [{}, {}){} with {} link type(s) on {} thread(s), {}",
        ids[0],
        ids[1],
        share.shared() ? " (slice " + share.k() + "/" + share.n() + ")" : "",
        graph.linkTypeCount(),
        writers,
        strategy().describeWriter(batchRows()));
    List<LoaderThread> threads = new ArrayList<>(writers + 1);
    for (int i = 0; i < writers; i++) {
      threads.add(new ChunkLoader(chunks, run, writersDone, failure));
    }
    // Last in the list: with a pool of one thread it runs after every writer.
    threads.add(new LoadFinisher(run, writersDone, failure, dropped));
    return threads;
  }

  private int batchRows() {
    return Math.max(1, workConf.getBatchSize());
  }

  private LoadStrategy strategy() {
    return LoadStrategy.of(getDatabaseType());
  }

  private static int clamp(long rows) {
    return (int) Math.min(Integer.MAX_VALUE, rows);
  }

  /** Loads chunks of ids until the queue is empty. */
  private final class ChunkLoader extends LoaderThread {
    private final ChunkQueue chunks;
    private final LoadProgress run;
    private final CountDownLatch writersDone;
    private final AtomicReference<Throwable> failure;

    ChunkLoader(
        ChunkQueue chunks,
        LoadProgress run,
        CountDownLatch writersDone,
        AtomicReference<Throwable> failure) {
      super(benchmark);
      this.chunks = chunks;
      this.run = run;
      this.writersDone = writersDone;
      this.failure = failure;
    }

    @Override
    public void load(Connection conn) throws SQLException {
      try (GraphRowWriter out = strategy().openWriter(conn, batchRows(), run)) {
        GraphChunkWriter writer = new GraphChunkWriter(graph, out);
        for (long start = chunks.take();
            start >= 0 && failure.get() == null;
            start = chunks.take()) {
          long end = chunks.end(start);
          writer.write(start, end);
          run.idsGenerated(end - start);
        }
      } catch (SQLException | RuntimeException e) {
        failure.compareAndSet(null, e);
        throw e;
      }
    }

    @Override
    public void afterLoad() {
      writersDone.countDown();
    }
  }

  /** Moves the node id allocator past the loaded ids and refreshes the planner statistics. */
  private void finishGraph(Connection conn) throws SQLException {
    LOG.info(
        "socialgraph: {}", strategy().continueNodeIdsAt(conn, getDatabaseType(), graph.endId()));
    strategy().analyze(conn);
  }

  /** Waits for the writers, then fixes the node id allocator and reports the totals. */
  private final class LoadFinisher extends LoaderThread {
    private final LoadProgress run;
    private final CountDownLatch writersDone;
    private final AtomicReference<Throwable> failure;
    private final List<DeferredIndexes.Index> dropped;

    LoadFinisher(
        LoadProgress run,
        CountDownLatch writersDone,
        AtomicReference<Throwable> failure,
        List<DeferredIndexes.Index> dropped) {
      super(benchmark);
      this.run = run;
      this.writersDone = writersDone;
      this.failure = failure;
      this.dropped = dropped;
    }

    @Override
    public void beforeLoad() {
      try {
        writersDone.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for the socialgraph loaders", e);
      }
    }

    @Override
    public void load(Connection conn) throws SQLException {
      // Even after a failed load the schema gets its indexes back.
      strategy().recreateDeferredIndexes(conn, dropped);
      if (failure.get() != null) {
        throw new SQLException(
            "socialgraph load failed in a loader thread: " + failure.get(), failure.get());
      }
      addToTableCount("nodetable", clamp(run.nodes()));
      addToTableCount("linktable", clamp(run.links()));
      addToTableCount("counttable", clamp(run.counts()));
      DriverShare share = benchmark.driverShare();
      if (!share.shared()) {
        finishGraph(conn);
        GraphMarker.write(conn, benchmark.linkBench().config());
      } else {
        List<Integer> missing =
            GraphMarker.writeSlice(conn, benchmark.linkBench().config(), share.k(), share.n());
        if (missing.isEmpty()) {
          // Only the slice that completes the graph, once every slice's rows are in: the id
          // allocator's ALTER TABLE is DDL, which on Galera aborts other nodes' open inserts.
          finishGraph(conn);
          GraphMarker.writeCompleted(conn, benchmark.linkBench().config());
        }
        LOG.info(
            "socialgraph: slice {}/{} is loaded; {}",
            share.k(),
            share.n(),
            missing.isEmpty()
                ? "every slice is, the graph is complete"
                : "the graph is complete once slices " + missing + " are");
      }
      run.finished();
      LOG.info(run.summary());
    }
  }
}
