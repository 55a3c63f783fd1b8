package com.oltpbenchmark.api.collectors.database;

import com.oltpbenchmark.types.DatabaseType;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code -mt advanced}: upstream's per-statement monitor files under {@code <results>/monitor/},
 * from PostgreSQL's pg_stat_statements, every {@code -im} milliseconds. Only the statements the
 * runtime marked with its {@code /* MONITOR-<type> *}{@code /} prefix are kept. On other databases,
 * or without pg_stat_statements, one line says what is collected instead.
 */
public final class AdvancedMonitor implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(AdvancedMonitor.class);

  static final String SINGLE_FILE = "single_query_event";
  static final String REPEATED_FILE = "repeated_query_event";

  private static final Pattern MARKER = Pattern.compile("/[*] MONITOR-(?<queryId>\\S+) [*]/");

  /** pg_stat_statements' columns, in upstream's property names. */
  static final List<String> PROPERTIES =
      List.of(
          "execution_count",
          "min_exec_time",
          "max_exec_time",
          "total_exec_time",
          "rows",
          "shared_blks_read",
          "shared_blks_written",
          "local_blks_read",
          "local_blks_written",
          "temp_blks_read",
          "temp_blks_written");

  private static final String QUERY =
      "SELECT query AS query_text, calls AS execution_count, rows, total_exec_time,"
          + " min_exec_time, max_exec_time, shared_blks_read, shared_blks_written,"
          + " local_blks_read, local_blks_written, temp_blks_read, temp_blks_written"
          + " FROM pg_stat_statements WHERE query LIKE '%/* MONITOR-%'";

  private record Repeated(String queryId, Instant instant, List<String> values) {}

  private final Connection connection;
  private final int intervalMs;
  private final Path dir;
  private final Consumer<String> lines;
  private final Map<String, String> texts = new LinkedHashMap<>();
  private final List<Repeated> repeated = new ArrayList<>();
  private Thread thread;
  private volatile int ticks = 1;
  private volatile boolean failureReported;

  private AdvancedMonitor(Connection c, int intervalMs, Path dir, Consumer<String> lines) {
    this.connection = c;
    this.intervalMs = intervalMs;
    this.dir = dir;
    this.lines = lines;
  }

  /**
   * Starts monitoring, or says in one line why there is nothing to monitor and returns null.
   *
   * @param dir the monitor directory ({@code <results>/monitor})
   */
  public static AdvancedMonitor start(
      DatabaseType type,
      DatabaseSampler.Connector connector,
      int intervalMs,
      Path dir,
      boolean figuresOn,
      Consumer<String> lines) {
    String instead =
        figuresOn
            ? "the database figures (summary.json \""
                + DatabaseFigures.SUMMARY_KEY
                + "\", <base>"
                + DatabaseFigures.CSV_SUFFIX
                + ")"
            : "nothing (--database-figures=false)";
    if (type != DatabaseType.POSTGRES) {
      lines.accept(
          "-mt advanced: upstream's per-statement monitor files come from PostgreSQL's"
              + " pg_stat_statements; on "
              + type
              + " this run collects "
              + instead
              + " instead");
      return null;
    }
    Connection c;
    try {
      c = connector.connect();
      c.setAutoCommit(true);
    } catch (SQLException e) {
      lines.accept(
          "-mt advanced: cannot open the monitoring connection ("
              + CounterReader.firstLine(e.getMessage())
              + "); no monitor files are written");
      return null;
    }
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT 1 FROM pg_stat_statements LIMIT 1")) {
      rs.next();
    } catch (SQLException e) {
      lines.accept(
          "-mt advanced: pg_stat_statements is not available ("
              + CounterReader.firstLine(e.getMessage())
              + "); to enable it add pg_stat_statements to shared_preload_libraries, restart"
              + " PostgreSQL and run CREATE EXTENSION pg_stat_statements in the benchmark"
              + " database; no monitor files are written, this run collects "
              + instead);
      close(c);
      return null;
    }
    AdvancedMonitor m = new AdvancedMonitor(c, Math.max(1, intervalMs), dir, lines);
    m.extract();
    m.thread = new Thread(m::loop, "advanced-monitor");
    m.thread.setDaemon(true);
    m.thread.start();
    return m;
  }

  private void loop() {
    while (!Thread.currentThread().isInterrupted()) {
      try {
        Thread.sleep(intervalMs);
      } catch (InterruptedException e) {
        return;
      }
      extract();
      ticks++;
    }
  }

  /**
   * One reading of pg_stat_statements; the query runs outside the lock the files are written under.
   */
  private void extract() {
    Instant now = Instant.now();
    Map<String, String> seen = new LinkedHashMap<>();
    List<Repeated> rows = new ArrayList<>();
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery(QUERY)) {
      while (rs.next()) {
        String text = rs.getString("query_text");
        Matcher m = MARKER.matcher(text);
        if (!m.find()) {
          continue;
        }
        String id = m.group("queryId");
        seen.putIfAbsent(id, m.replaceAll("").trim());
        List<String> values = new ArrayList<>();
        for (String p : PROPERTIES) {
          String v = rs.getString(p);
          values.add(v == null ? "" : v);
        }
        rows.add(new Repeated(id, now, values));
      }
    } catch (SQLException e) {
      if (!failureReported) {
        lines.accept(
            "-mt advanced: reading pg_stat_statements failed ("
                + CounterReader.firstLine(e.getMessage())
                + "); the monitor files hold what was read before");
        failureReported = true;
      }
    }
    synchronized (this) {
      seen.forEach(texts::putIfAbsent);
      repeated.addAll(rows);
    }
  }

  /** Stops, takes a last reading and writes the monitor files (at most 10 s for the database). */
  public void finish() throws InterruptedException, IOException {
    finish(10_000);
  }

  /**
   * Stops, takes a last reading and writes the monitor files. The database gets {@code
   * timeoutMillis} to answer, for the thread's reading in progress and for the last one; a database
   * that does not answer leaves the files with what was read before, said in one line.
   */
  public void finish(long timeoutMillis) throws InterruptedException, IOException {
    boolean answered = true;
    if (thread != null) {
      thread.interrupt();
      thread.join(timeoutMillis);
      answered = !thread.isAlive();
    }
    if (answered) {
      Thread last = new Thread(this::extract, "advanced-monitor-end");
      last.setDaemon(true);
      last.start();
      last.join(timeoutMillis);
      answered = !last.isAlive();
    }
    if (!answered) {
      lines.accept(
          "-mt advanced: the database did not answer within "
              + (timeoutMillis + 500) / 1000
              + " s after the run; the monitor files hold what was read before");
    }
    synchronized (this) {
      Files.createDirectories(dir);
      Path single = dir.resolve(SINGLE_FILE + "_" + ticks + ".csv");
      try (Writer w = Files.newBufferedWriter(single, StandardCharsets.UTF_8)) {
        w.write("QueryId,query_text\n");
        for (Map.Entry<String, String> e : texts.entrySet()) {
          w.write(e.getKey() + "," + csvField(e.getValue()) + "\n");
        }
      }
      Path rep = dir.resolve(REPEATED_FILE + "_" + ticks + ".csv");
      try (Writer w = Files.newBufferedWriter(rep, StandardCharsets.UTF_8)) {
        w.write("QueryId,Instant," + String.join(",", PROPERTIES) + "\n");
        for (Repeated r : repeated) {
          w.write(r.queryId + "," + r.instant + "," + String.join(",", r.values) + "\n");
        }
      }
      LOG.info("-mt advanced: monitor files written to {}", dir.toAbsolutePath());
    }
  }

  @Override
  public void close() {
    if (thread != null) {
      thread.interrupt();
    }
    // closing waits for a statement in progress; a database that stopped answering never ends it
    Thread closing = new Thread(() -> close(connection), "advanced-monitor-close");
    closing.setDaemon(true);
    closing.start();
  }

  private static void close(Connection c) {
    try {
      c.close();
    } catch (SQLException e) {
      LOG.debug("closing the monitoring connection: {}", e.getMessage());
    }
  }

  /** Statement texts hold commas and quotes; quoted as RFC 4180 (upstream writes them bare). */
  private static String csvField(String v) {
    String one = v.replace('\n', ' ').replace('\r', ' ');
    return "\"" + one.replace("\"", "\"\"") + "\"";
  }
}
