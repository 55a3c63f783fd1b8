package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

/**
 * SQL text of the object statements only TAOBench's writes need (MySQL form, like LinkSql and
 * NodeSql; the other databases' texts are in the test table {@code DialectOverrides}, from which
 * the dialect files are generated). Links and counts use {@code LinkSql}'s statements through
 * {@code LinkWriter}; reads use {@code NodeSql.SELECT_NODE} and {@code LinkSql}'s point, range and
 * count reads.
 */
public final class TaoSql {

  /**
   * Creates a zero count row if there is none, so that it can be locked. Params: id, link_type,
   * time (ms). MySQL form: a no-op ON DUPLICATE KEY UPDATE, which X-locks an existing row at once.
   * (LinkSql's INSERT IGNORE form S-locks it, and the locking read that follows must then upgrade
   * to X: two writers of one (id1, type) deadlock on that upgrade under InnoDB.) PostgreSQL,
   * CockroachDB and SQLite override it with ON CONFLICT (id, link_type) DO NOTHING.
   */
  public static final String INSERT_COUNT_IF_ABSENT =
      "INSERT INTO counttable (id, link_type, count, time, version) VALUES (?, ?, 0, ?, 0)"
          + " ON DUPLICATE KEY UPDATE id = id";

  /**
   * Version of an object, non-locking: the "observed" version of read-then-CAS. Params: id. SQLite
   * overrides it with a no-op UPDATE ... RETURNING, so that a transaction never reads before it
   * holds the write lock (a WAL reader that later writes fails with SQLITE_BUSY).
   */
  public static final String OBSERVE_NODE_VERSION = "SELECT version FROM nodetable WHERE id = ?";

  /**
   * Version of an association, non-locking, as {@link #OBSERVE_NODE_VERSION}. Params: id1,
   * link_type, id2.
   */
  public static final String OBSERVE_LINK_VERSION =
      "SELECT version FROM linktable WHERE id1 = ? AND link_type = ? AND id2 = ?";

  /**
   * Locks the object row and returns its version. Params: id. SQLite overrides it with a no-op
   * UPDATE ... RETURNING (it has no row locks; that takes the database write lock).
   */
  public static final String SELECT_NODE_VERSION_FOR_UPDATE =
      "SELECT version FROM nodetable WHERE id = ? FOR UPDATE";

  /**
   * Inserts an object under the id TAOBench chose, at version 1 (the load version), unless that id
   * exists: 1 row = inserted, 0 = someone else's row is there. Params: id, type, time (s), data.
   * PostgreSQL, CockroachDB and SQLite override it with ON CONFLICT (id) DO NOTHING.
   */
  public static final String INSERT_NODE_WITH_ID =
      "INSERT IGNORE INTO nodetable (id, type, version, time, data) VALUES (?, ?, 1, ?, ?)";

  /** Overwrites the payload and bumps the version. Params: data, time (s), id. */
  public static final String UPDATE_NODE_PAYLOAD =
      "UPDATE nodetable SET data = ?, time = ?, version = version + 1 WHERE id = ?";

  /** Params: id. */
  public static final String DELETE_NODE_BY_ID = "DELETE FROM nodetable WHERE id = ?";

  private TaoSql() {}
}
