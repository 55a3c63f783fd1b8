package com.oltpbenchmark.benchmarks.socialgraph.audit;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Opens another session on the audited database. The audit asks for in-doubt transactions over one
 * when the server refuses the audit's own session: on a Spider head every statement of a session
 * whose xid collides with a prepared transaction fails (XAER_DUPID), and those transactions are
 * exactly what the audit must still show.
 */
@FunctionalInterface
public interface FreshConnection {
  Connection open() throws SQLException;
}
