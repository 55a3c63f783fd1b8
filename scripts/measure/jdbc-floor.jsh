// The cheapest request a JDBC driver can make on this machine: terminals that do nothing but
// autocommit point reads of nodetable by random id, with no benchmark runtime around them.
// Prints reads/s and the JVM's CPU per read, the floor to compare socialgraph-benchmark.sh's
// "driver us/request" with. Needs a loaded socialgraph database.
//
//   FLOOR_URL=jdbc:postgresql://127.0.0.1:5432/benchbase FLOOR_USER=postgres \
//     jshell --class-path target/benchbase.jar scripts/measure/jdbc-floor.jsh
//
// Optional: FLOOR_PASSWORD, FLOOR_THREADS (8), FLOOR_SECONDS (15, after 5 s of warm-up),
// FLOOR_MAXID (100000: ids are drawn from [1, FLOOR_MAXID]).
import java.sql.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;

String env(String name, String dflt) {
  String v = System.getenv(name);
  return v == null || v.isEmpty() ? dflt : v;
}

void floor() throws Exception {
  String url = env("FLOOR_URL", "jdbc:postgresql://127.0.0.1:5432/benchbase");
  String user = env("FLOOR_USER", "postgres");
  String password = env("FLOOR_PASSWORD", "");
  int threads = Integer.parseInt(env("FLOOR_THREADS", "8"));
  int seconds = Integer.parseInt(env("FLOOR_SECONDS", "15"));
  int maxId = Integer.parseInt(env("FLOOR_MAXID", "100000"));
  var os = (com.sun.management.OperatingSystemMXBean)
      java.lang.management.ManagementFactory.getOperatingSystemMXBean();
  AtomicLong reads = new AtomicLong();
  AtomicBoolean stop = new AtomicBoolean();
  AtomicBoolean counting = new AtomicBoolean();
  AtomicReference<Exception> failure = new AtomicReference<>();
  ExecutorService pool = Executors.newFixedThreadPool(threads);
  for (int t = 0; t < threads; t++) {
    pool.submit(() -> {
      try (Connection c = DriverManager.getConnection(url, user, password);
           PreparedStatement ps = c.prepareStatement(
               "SELECT id, type, version, time, data FROM nodetable WHERE id = ?")) {
        c.setAutoCommit(true);
        ThreadLocalRandom r = ThreadLocalRandom.current();
        while (!stop.get()) {
          ps.setLong(1, 1 + r.nextInt(maxId));
          try (ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
              rs.getBytes(5);
            }
          }
          if (counting.get()) {
            reads.incrementAndGet();
          }
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
  pool.awaitTermination(30, TimeUnit.SECONDS);
  if (failure.get() != null) {
    System.out.println("jdbc-floor: " + failure.get());
    return;
  }
  long n = Math.max(1, reads.get());
  System.out.printf("FLOOR    %,.0f point reads/s with %d terminals, driver %.1f us/read (JVM CPU)%n",
      n / ((t1 - t0) / 1e9), threads, (cpu1 - cpu0) / 1e3 / n);
}

floor();
/exit
