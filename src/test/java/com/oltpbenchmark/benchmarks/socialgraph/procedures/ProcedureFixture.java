package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.api.Procedure;
import com.oltpbenchmark.benchmarks.socialgraph.ModuleFixture;
import com.oltpbenchmark.benchmarks.socialgraph.SocialGraphBenchmark;
import com.oltpbenchmark.benchmarks.socialgraph.SocialGraphWorker;
import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.testutil.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

/**
 * The socialgraph module on one test database: schema created through {@code createDatabase()}, and
 * the LinkBench procedures instantiated the way the runtime does (one instance per procedure, SQL
 * dialect of the database applied).
 */
final class ProcedureFixture {

  final WorkloadConfiguration conf;
  final SocialGraphBenchmark benchmark;

  /** Server write routines the link writers call, or null: the step-by-step path. */
  private ServerWriteRoutines routines;

  ProcedureFixture(TestDatabase db, String isolation) throws Exception {
    this(db.type, db.driver, db.url, db.username, db.password, isolation);
  }

  /** Link writes through the database's server routines (created here) from now on. */
  ProcedureFixture withServerRoutines(TestDatabase db) throws Exception {
    routines = ServerWriteRoutinesFixture.installed(db);
    return this;
  }

  ProcedureFixture(
      String type, String driver, String url, String user, String password, String isolation)
      throws Exception {
    conf = ModuleFixture.configuration(type, driver, url, user, password);
    conf.setIsolationMode(isolation);
    benchmark =
        ModuleFixture.benchmark(
            conf,
            SocialGraphWorker.LINKBENCH_PROCEDURES.stream().map(Class::getSimpleName).toList());
    benchmark.createDatabase();
  }

  /** A fresh set of procedure instances, as one worker gets them. */
  Procedures procedures() {
    return new Procedures(
        ModuleFixture.procedures(benchmark),
        new Delivery(
            Delivery.Mode.IN_TRANSACTION,
            DatabaseFamily.of(conf.getDatabaseType()),
            false,
            routines));
  }

  /** A connection set up like a worker's: auto-commit off, the configured isolation. */
  Connection connect() throws SQLException {
    Connection c = benchmark.makeConnection();
    c.setAutoCommit(false);
    c.setTransactionIsolation(conf.getIsolationMode());
    return c;
  }

  /** The procedures of one worker. */
  static final class Procedures {
    final GetNode getNode;
    final AddNode addNode;
    final UpdateNode updateNode;
    final DeleteNode deleteNode;
    final GetLink getLink;
    final GetLinkList getLinkList;
    final CountLink countLink;
    final AddLink addLink;
    final UpdateLink updateLink;
    final DeleteLink deleteLink;

    /** How the link writers reach the database: step by step or through the server routines. */
    final Delivery delivery;

    private Procedures(Map<Class<?>, Procedure> p, Delivery delivery) {
      this.delivery = delivery;
      getNode = (GetNode) p.get(GetNode.class);
      addNode = (AddNode) p.get(AddNode.class);
      updateNode = (UpdateNode) p.get(UpdateNode.class);
      deleteNode = (DeleteNode) p.get(DeleteNode.class);
      getLink = (GetLink) p.get(GetLink.class);
      getLinkList = (GetLinkList) p.get(GetLinkList.class);
      countLink = (CountLink) p.get(CountLink.class);
      addLink = (AddLink) p.get(AddLink.class);
      updateLink = (UpdateLink) p.get(UpdateLink.class);
      deleteLink = (DeleteLink) p.get(DeleteLink.class);
    }
  }
}
