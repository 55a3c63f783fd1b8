package com.oltpbenchmark.benchmarks.socialgraph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.api.Worker;
import com.oltpbenchmark.benchmarks.socialgraph.Request.Outcome;
import com.oltpbenchmark.benchmarks.socialgraph.Request.Shape;
import com.oltpbenchmark.testutil.TestDatabase;
import com.oltpbenchmark.types.DatabaseType;
import java.io.StringReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.io.FileHandler;
import org.apache.commons.configuration2.tree.xpath.XPathExpressionEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which connection a request runs on with {@code <readReplicas>}: reads on the worker's replica
 * connection, writes on its own; the replica connection's transactions are ended here (committed
 * after success, rolled back after a failure), a connection the server closed is replaced, and
 * terminals spread over the replicas. SQLite files stand in for the servers.
 */
class RequestConnectionsTest {

  @TempDir Path dir;

  private String url(String name) {
    return "jdbc:sqlite:" + dir.resolve(name + ".db");
  }

  private ReadReplicaConnection replica(String name) {
    return new ReadReplicaConnection(
        new ReadReplicaConnection.Target(
            url(name), null, null, DatabaseType.SQLITE, Connection.TRANSACTION_SERIALIZABLE, null));
  }

  private Session session() {
    return new Session(DatabaseType.SQLITE, Connection.TRANSACTION_SERIALIZABLE, null);
  }

  @Test
  void readsRunOnTheReplicaAndWritesOnTheWorkersConnection() throws Exception {
    try (Connection own = DriverManager.getConnection(url("primary"));
        RequestConnections connections = new RequestConnections(session(), replica("standby"))) {
      for (Shape shape : Shape.values()) {
        AtomicReference<String> where = new AtomicReference<>();
        connections.run(
            own,
            shape,
            (c, s) -> {
              where.set(c.getMetaData().getURL());
              return Outcome.READ;
            });
        assertEquals(url(shape.isWrite() ? "primary" : "standby"), where.get(), shape.name());
      }
    }
  }

  @Test
  void withoutReplicasEveryRequestRunsOnTheWorkersConnection() throws Exception {
    try (Connection own = DriverManager.getConnection(url("primary"))) {
      Session session = session();
      RequestConnections connections = new RequestConnections(session, null);
      assertNull(connections.readReplicaUrl());
      for (Shape shape : Shape.values()) {
        connections.run(
            own,
            shape,
            (c, s) -> {
              assertSame(own, c, shape.name());
              assertSame(session, s, shape.name());
              return Outcome.READ;
            });
      }
    }
  }

  @Test
  void aReadOnTheReplicaIsCommittedThereAndAFailedOneRolledBack() throws Exception {
    execute(url("standby"), "CREATE TABLE t (v INTEGER)");
    try (ReadReplicaConnection replica = replica("standby")) {
      replica.run(
          (c, s) -> {
            insert(c, 1); // a transaction the runtime does not know about: ended by the replica
            return Outcome.READ;
          });
      assertEquals(List.of(1), values(url("standby")), "committed after success");
      assertThrows(
          SQLException.class,
          () ->
              replica.run(
                  (c, s) -> {
                    insert(c, 2);
                    throw new SQLException("a conflict with recovery", "40001");
                  }));
      assertEquals(List.of(1), values(url("standby")), "rolled back after a failure");
    }
  }

  @Test
  void aConnectionTheServerClosedIsReplacedForTheNextRead() throws Exception {
    try (ReadReplicaConnection replica = replica("standby")) {
      Connection first = replica.open();
      assertSame(first, replica.open(), "kept between reads");
      assertThrows(
          SQLException.class,
          () ->
              replica.run(
                  (c, s) -> {
                    c.close(); // as a standby ends a session on some recovery conflicts
                    throw new SQLException("terminating connection", "40001");
                  }));
      Connection second = replica.open();
      assertNotSame(first, second);
      assertTrue(!second.isClosed() && !second.getAutoCommit());
      replica.close();
      assertTrue(second.isClosed(), "closed at teardown");
    }
  }

  @Test
  void aReplicaThatCannotBeReachedIsNamedInTheError() {
    ReadReplicaConnection replica =
        new ReadReplicaConnection(
            new ReadReplicaConnection.Target(
                "jdbc:sqlite:" + dir.resolve("no/such/dir/x.db"),
                null,
                null,
                DatabaseType.SQLITE,
                Connection.TRANSACTION_SERIALIZABLE,
                null));
    SQLException e = assertThrows(SQLException.class, replica::open);
    assertTrue(
        e.getMessage().startsWith("read replica jdbc:sqlite:" + dir.resolve("no/such/dir/x.db")),
        e.getMessage());
  }

  /** Terminal t of all driver processes reads from replica t mod n. */
  @Test
  void terminalsSpreadOverTheReplicasAcrossDriverProcesses() throws Exception {
    assertEquals(List.of(url("a"), url("b"), url("a")), replicasOfWorkers(3, null), "one process");
    assertEquals(
        List.of(url("b"), url("a"), url("b")),
        replicasOfWorkers(3, "2/2"),
        "process 2 of 2: terminals 3, 4, 5");
  }

  private List<String> replicasOfWorkers(int terminals, String driverProcess) throws Exception {
    TestDatabase db = TestDatabase.sqlite(dir, "spread");
    WorkloadConfiguration conf = ModuleFixture.configuration(db);
    conf.setTerminals(terminals);
    XMLConfiguration xml = new XMLConfiguration();
    new FileHandler(xml)
        .load(
            new StringReader(
                "<parameters>"
                    + (driverProcess == null
                        ? ""
                        : "<driverProcess>" + driverProcess + "</driverProcess>")
                    + "<readReplicas><url>"
                    + url("a")
                    + "</url><url>"
                    + url("b")
                    + "</url></readReplicas></parameters>"));
    xml.setExpressionEngine(new XPathExpressionEngine());
    conf.setXmlConfig(xml);
    SocialGraphBenchmark benchmark = ModuleFixture.benchmark(conf, List.of("GetNode"));
    List<String> urls = new ArrayList<>();
    for (Worker<? extends BenchmarkModule> w : benchmark.makeWorkers()) {
      urls.add(((SocialGraphWorker) w).readReplicaUrl());
      w.tearDown();
    }
    return urls;
  }

  private static void insert(Connection c, int v) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.executeUpdate("INSERT INTO t VALUES (" + v + ")");
    }
  }

  private static void execute(String url, String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  private static List<Integer> values(String url) throws SQLException {
    List<Integer> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(url);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT v FROM t ORDER BY v")) {
      while (rs.next()) {
        out.add(rs.getInt(1));
      }
    }
    return out;
  }
}
