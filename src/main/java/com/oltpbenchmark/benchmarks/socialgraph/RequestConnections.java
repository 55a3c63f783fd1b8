package com.oltpbenchmark.benchmarks.socialgraph;

import com.oltpbenchmark.benchmarks.socialgraph.Request.Outcome;
import com.oltpbenchmark.types.DatabaseType;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Which connection a request runs on, and the {@link Session} that delivers it there. Without
 * {@code <readReplicas>} every request runs on the worker's own connection, the one the runtime
 * gives {@code executeWork} and commits. With them, a request whose shape is a read runs on this
 * worker's {@link ReadReplicaConnection} and every write on the worker's own connection, which
 * points at {@code <url>}, the server that takes writes.
 */
final class RequestConnections implements AutoCloseable {

  /** A request's delivery on the connection and session chosen for it. */
  @FunctionalInterface
  interface OnConnection {
    Outcome deliver(Connection conn, Session session) throws SQLException;
  }

  private final Session own;
  private final ReadReplicaConnection replica;

  /**
   * @param own the session of the worker's own connection
   * @param replica where this worker's reads go, or null to read on its own connection
   */
  RequestConnections(Session own, ReadReplicaConnection replica) {
    this.own = own;
    this.replica = replica;
  }

  /** The configured database type (may be null). */
  DatabaseType databaseType() {
    return own.databaseType();
  }

  /** The URL this worker reads from, or null when it reads on its own connection. */
  String readReplicaUrl() {
    return replica == null ? null : replica.url();
  }

  /**
   * The session of the worker's own connection when a request of {@code shape} runs there, null
   * when it goes to the read replica: the pipeline then delivers it on the worker's connection
   * without a callback.
   */
  Session ownSessionFor(Request.Shape shape) {
    return replica == null || shape.isWrite() ? own : null;
  }

  /** Runs {@code body} for a request of {@code shape}; {@code workerConn} is the runtime's. */
  Outcome run(Connection workerConn, Request.Shape shape, OnConnection body) throws SQLException {
    Session session = ownSessionFor(shape);
    return session != null ? body.deliver(workerConn, session) : replica.run(body);
  }

  /** Opens the read replica connection, if any, so that a bad replica shows before the run. */
  void open() throws SQLException {
    if (replica != null) {
      replica.open();
    }
  }

  /** Closes the read replica connection, if any (the runtime closes the worker's own). */
  @Override
  public void close() {
    if (replica != null) {
      replica.close();
    }
  }
}
