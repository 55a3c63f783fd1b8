// TAOBench's C++ tool's statement shapes (MySQL driver), sent through this project's JDBC stack
// on a loaded socialgraph database: the side-by-side run docs/performance.md compares with.
// Per request, as the C++ tool does it:
//   Read      one autocommit point read (object by id, or association by (id1, type, id2))
//   Write     one autocommit UPDATE of an object, or INSERT IGNORE of an association
//   ReadTxn   START TRANSACTION; n point reads; COMMIT as one multi-statement text query
//   WriteTxn  START TRANSACTION; n UPDATEs; COMMIT as one multi-statement text query
// with workload A's mix (70.1 / 23.4 / 6.1 / 0.41) and transaction sizes from the workload file.
// No counts, no preconditions, no range reads: exactly the work socialgraph does on top.
//
//   CPP_URL='jdbc:mariadb://127.0.0.1:3306/benchbase?useServerPrepStmts=true&allowMultiQueries=true' \
//   CPP_USER=root CPP_WORKLOAD=../shared/data/taobench/workload_a.json \
//     jshell --class-path target/benchbase.jar scripts/measure/taobench-cpp-sql.jsh
//
// Optional: CPP_PASSWORD, CPP_THREADS (4), CPP_SECONDS (30, after 5 s of warm-up).
import java.nio.file.*;
import java.sql.*;
import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import java.util.regex.*;

String env(String name, String dflt) {
  String v = System.getenv(name);
  return v == null || v.isEmpty() ? dflt : v;
}

/** values and weights of one named distribution record of a TAOBench workload file. */
long[][] distribution(List<String> lines, String name) {
  for (String line : lines) {
    if (line.contains("\"" + name + "\"")) {
      Matcher v = Pattern.compile("\"values\":\\s*\\[([^\\]]*)\\]").matcher(line);
      Matcher w = Pattern.compile("\"weights\":\\s*\\[([^\\]]*)\\]").matcher(line);
      if (v.find() && w.find()) {
        long[] vs = Arrays.stream(v.group(1).split(",")).map(String::trim).mapToLong(Long::parseLong).toArray();
        long[] ws = Arrays.stream(w.group(1).split(",")).map(String::trim).mapToLong(Long::parseLong).toArray();
        return new long[][] {vs, ws};
      }
    }
  }
  throw new IllegalArgumentException("no " + name + " record with values and weights");
}

int draw(long[][] d, ThreadLocalRandom r) {
  long total = Arrays.stream(d[1]).sum();
  long x = r.nextLong(total);
  for (int i = 0; i < d[0].length; i++) {
    x -= d[1][i];
    if (x < 0) {
      return (int) d[0][i];
    }
  }
  return (int) d[0][d[0].length - 1];
}

void run() throws Exception {
  String url = env("CPP_URL", "jdbc:mariadb://127.0.0.1:3306/benchbase?useServerPrepStmts=true&allowMultiQueries=true");
  String user = env("CPP_USER", "root");
  String password = env("CPP_PASSWORD", "");
  int threads = Integer.parseInt(env("CPP_THREADS", "4"));
  int seconds = Integer.parseInt(env("CPP_SECONDS", "30"));
  List<String> workload = Files.readAllLines(Path.of(env("CPP_WORKLOAD", "../shared/data/taobench/workload_a.json")));
  long[][] readSizes = distribution(workload, "read_txn_sizes");
  long[][] writeSizes = distribution(workload, "write_txn_sizes");
  long[] ids;
  long[][] links;
  try (Connection c = DriverManager.getConnection(url, user, password); Statement st = c.createStatement()) {
    List<Long> idList = new ArrayList<>();
    try (ResultSet rs = st.executeQuery("SELECT id FROM nodetable")) {
      while (rs.next()) idList.add(rs.getLong(1));
    }
    ids = idList.stream().mapToLong(Long::longValue).toArray();
    List<long[]> linkList = new ArrayList<>();
    try (ResultSet rs = st.executeQuery("SELECT id1, link_type, id2 FROM linktable")) {
      while (rs.next()) linkList.add(new long[] {rs.getLong(1), rs.getLong(2), rs.getLong(3)});
    }
    links = linkList.toArray(new long[0][]);
  }
  var os = (com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean();
  double[] mix = {70.1, 23.4, 6.1, 0.41};
  AtomicLong[] done = {new AtomicLong(), new AtomicLong(), new AtomicLong(), new AtomicLong()};
  AtomicBoolean stop = new AtomicBoolean();
  AtomicBoolean counting = new AtomicBoolean();
  AtomicReference<Exception> failure = new AtomicReference<>();
  byte[] value = new byte[150];
  Arrays.fill(value, (byte) 'a');
  String literal = "'" + new String(value) + "'";
  ExecutorService pool = Executors.newFixedThreadPool(threads);
  for (int t = 0; t < threads; t++) {
    pool.submit(() -> {
      try (Connection c = DriverManager.getConnection(url, user, password);
           PreparedStatement readObject = c.prepareStatement("SELECT id, type, version, time, data FROM nodetable WHERE id = ?");
           PreparedStatement readEdge = c.prepareStatement("SELECT id1, id2, link_type, visibility, data, time, version FROM linktable WHERE id1 = ? AND link_type = ? AND id2 = ?");
           PreparedStatement updateObject = c.prepareStatement("UPDATE nodetable SET data = ?, time = ? WHERE time < ? AND id = ?");
           PreparedStatement insertEdge = c.prepareStatement("INSERT IGNORE INTO linktable (id1, id2, link_type, visibility, data, time, version) VALUES (?, ?, ?, 1, ?, ?, 0)");
           Statement text = c.createStatement()) {
        c.setAutoCommit(true);
        ThreadLocalRandom r = ThreadLocalRandom.current();
        while (!stop.get()) {
          double x = r.nextDouble() * (mix[0] + mix[1] + mix[2] + mix[3]);
          int type = x < mix[0] ? 0 : x < mix[0] + mix[1] ? 1 : x < mix[0] + mix[1] + mix[2] ? 2 : 3;
          long now = System.currentTimeMillis();
          if (type == 0) {
            ResultSet rs;
            if (r.nextBoolean()) {
              readObject.setLong(1, ids[r.nextInt(ids.length)]);
              rs = readObject.executeQuery();
            } else {
              long[] l = links[r.nextInt(links.length)];
              readEdge.setLong(1, l[0]); readEdge.setLong(2, l[1]); readEdge.setLong(3, l[2]);
              rs = readEdge.executeQuery();
            }
            while (rs.next()) rs.getBytes(5);
            rs.close();
          } else if (type == 1) {
            if (r.nextBoolean()) {
              updateObject.setBytes(1, value); updateObject.setLong(2, now); updateObject.setLong(3, now);
              updateObject.setLong(4, ids[r.nextInt(ids.length)]);
              updateObject.executeUpdate();
            } else {
              long[] l = links[r.nextInt(links.length)];
              insertEdge.setLong(1, l[0]); insertEdge.setLong(2, r.nextLong(1L << 40)); insertEdge.setLong(3, l[1]);
              insertEdge.setBytes(4, value); insertEdge.setLong(5, now);
              insertEdge.executeUpdate();
            }
          } else {
            int n = Math.max(1, draw(type == 2 ? readSizes : writeSizes, r));
            StringBuilder sql = new StringBuilder("START TRANSACTION;");
            for (int i = 0; i < n; i++) {
              long id = ids[r.nextInt(ids.length)];
              if (type == 2) {
                sql.append("SELECT id, type, version, time, data FROM nodetable WHERE id = ").append(id).append(';');
              } else {
                sql.append("UPDATE nodetable SET data = ").append(literal).append(", time = ").append(now)
                   .append(" WHERE time < ").append(now).append(" AND id = ").append(id).append(';');
              }
            }
            sql.append("COMMIT");
            boolean isResult = text.execute(sql.toString());
            while (true) {
              if (isResult) {
                try (ResultSet rs = text.getResultSet()) { while (rs.next()) rs.getBytes(5); }
              } else if (text.getUpdateCount() == -1) {
                break;
              }
              isResult = text.getMoreResults();
            }
          }
          if (counting.get()) done[type].incrementAndGet();
        }
      } catch (Exception e) {
        failure.compareAndSet(null, e);
        stop.set(true);
      }
    });
  }
  Thread.sleep(5000);
  long cpu0 = os.getProcessCpuTime();
  long t0 = System.nanoTime();
  counting.set(true);
  Thread.sleep(seconds * 1000L);
  counting.set(false);
  long cpu1 = os.getProcessCpuTime();
  long t1 = System.nanoTime();
  stop.set(true);
  pool.shutdown();
  pool.awaitTermination(60, TimeUnit.SECONDS);
  if (failure.get() != null) {
    System.out.println("taobench-cpp-sql: " + failure.get());
    return;
  }
  long n = Arrays.stream(done).mapToLong(AtomicLong::get).sum();
  System.out.printf("CPP-SQL  %,.0f requests/s with %d terminals (Read %d, Write %d, ReadTxn %d, WriteTxn %d), driver %.1f us/request%n",
      n / ((t1 - t0) / 1e9), threads, done[0].get(), done[1].get(), done[2].get(), done[3].get(), (cpu1 - cpu0) / 1e3 / Math.max(1, n));
}

run();
/exit
