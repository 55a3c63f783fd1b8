package com.oltpbenchmark.benchmarks.socialgraph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.api.Procedure.UserAbortException;
import com.oltpbenchmark.api.TransactionType;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.GetNode;
import com.oltpbenchmark.testutil.TestDatabase;
import java.io.File;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.net.URL;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.apache.commons.configuration2.XMLConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every transaction type has exactly one handler, and the pipeline's concerns reach every handler:
 * each write type's effects are tracked (with every key sampled, its request commits itself), no
 * read is, and a lock conflict leaves every type as the retryable serialization failure.
 */
class RequestPipelineTest {

  private static final Set<String> WRITES =
      Set.of(
          "AddNode",
          "UpdateNode",
          "DeleteNode",
          "AddLink",
          "UpdateLink",
          "DeleteLink",
          "Write",
          "WriteTxn");

  @TempDir Path dir;

  @Test
  void everyProcedureOfTheModuleHasExactlyOneHandler() throws Exception {
    Set<Class<?>> procedures = new HashSet<>();
    String pkg = GetNode.class.getPackageName();
    // the main classes' directory: the test classes have a directory of the same package
    URL root = GetNode.class.getProtectionDomain().getCodeSource().getLocation();
    assertNotNull(root, pkg);
    File dir = new File(new File(root.toURI()), pkg.replace('.', File.separatorChar));
    for (File f : dir.listFiles()) {
      String name = f.getName();
      if (name.endsWith(".class") && !name.contains("$")) {
        Class<?> c = Class.forName(pkg + "." + name.substring(0, name.length() - 6));
        if (Procedure.class.isAssignableFrom(c) && !Modifier.isAbstract(c.getModifiers())) {
          procedures.add(c);
        }
      }
    }
    assertEquals(procedures, RequestHandlers.all().keySet());
    assertEquals(
        LoadedGraph.LINKBENCH_TYPES,
        SocialGraphWorker.LINKBENCH_PROCEDURES.stream().map(Class::getSimpleName).toList());
    assertEquals(
        List.of("Read", "ReadTxn", "Write", "WriteTxn"),
        SocialGraphWorker.TAOBENCH_PROCEDURES.stream().map(Class::getSimpleName).toList());
    for (Class<? extends Procedure> tao : SocialGraphWorker.TAOBENCH_PROCEDURES) {
      assertEquals(tao.getSimpleName(), SocialGraphWorker.taoBenchType(tao).procedureName());
      assertTrue(!SocialGraphWorker.isLinkBench(tao));
    }
  }

  @Test
  void everyWriteIsTrackedAndEveryTypeTurnsLockConflictsRetryable() throws Exception {
    WorkloadConfiguration conf =
        ModuleFixture.serializableConfiguration(TestDatabase.sqlite(dir, "sg_pipeline"), 3);
    XMLConfiguration xml = LoadedGraph.taoBenchWorkloadAWithNewIdsApart();
    xml.addProperty("audit.sampleOneIn", 1);
    xml.addProperty("audit.trackedKeys", 1_000_000);
    List<String> types = new ArrayList<>(LoadedGraph.LINKBENCH_TYPES);
    types.addAll(List.of("Read", "ReadTxn", "Write", "WriteTxn"));
    LoadedGraph g = LoadedGraph.load(conf, 0.1, 1, 512, xml, types);

    List<Worker<? extends BenchmarkModule>> workers = g.benchmark.makeWorkers();
    SocialGraphWorker worker = (SocialGraphWorker) workers.get(0);
    try (Connection real = g.connect()) {
      real.setAutoCommit(false);
      AtomicInteger commits = new AtomicInteger();
      Connection counting = recording(real, commits, false);
      Connection locked = recording(real, commits, true);
      for (TransactionType type : conf.getTransTypes()) {
        if (RequestHandlers.of(type.getProcedureClass()) == null) {
          continue; // the runtime's INVALID type
        }
        String name = type.getName();
        int succeeded = 0;
        commits.set(0);
        for (int i = 0; i < 10; i++) {
          try {
            worker.executeWork(counting, type);
            real.commit();
            succeeded++;
          } catch (UserAbortException e) {
            real.rollback(); // a failed TAOBench precondition
          }
        }
        if (WRITES.contains(name)) {
          assertTrue(succeeded > 0, name);
          assertEquals(succeeded, commits.get(), name + ": every acknowledged write is tracked");
        } else if (name.equals("ReadTxn")) {
          // TAOBench transactions commit in the pipeline, so that sizes counted committed did
          assertEquals(succeeded, commits.get(), name + ": committed by the pipeline");
        } else {
          assertEquals(0, commits.get(), name + ": a read is not tracked");
        }
        SQLException e =
            assertThrows(SQLException.class, () -> worker.executeWork(locked, type), name);
        assertEquals(LockConflicts.RETRYABLE_STATE, e.getSQLState(), name);
        real.rollback();
      }
    } finally {
      for (Worker<? extends BenchmarkModule> w : workers) {
        w.tearDown();
      }
    }
  }

  /** {@code conn}, counting commits, or failing every statement with SQLite's BUSY. */
  private static Connection recording(Connection conn, AtomicInteger commits, boolean busy) {
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) -> {
              String m = method.getName();
              if (m.equals("commit")) {
                commits.incrementAndGet();
              }
              if (busy && Stream.of("prepare", "create").anyMatch(m::startsWith)) {
                throw new SQLException("database is locked", null, 5);
              }
              try {
                return method.invoke(conn, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            });
  }
}
