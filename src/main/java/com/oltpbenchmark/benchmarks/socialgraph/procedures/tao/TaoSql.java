package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

/**
 * SQL text of the object statements only TAOBench's writes need (MySQL form, like LinkSql and
 * NodeSql; dialect files override them under the same field names in Write and WriteTxn). Links
 * and counts use M2's {@code LinkSql} statements through {@code LinkWriter}; reads use {@code
 * NodeSql.SELECT_NODE} and {@code LinkSql}'s point, range and count reads.
 */
public final class TaoSql {

  /** Version of an object, non-locking (the "observed" version of read-then-CAS). Params: id. */
  public static final String SELECT_NODE_VERSION = "SELECT version FROM nodetable WHERE id = ?";

  /**
   * Locks the object row and returns its version. Params: id. SQLite overrides it without FOR
   * UPDATE (its write lock covers the database).
   */
  public static final String SELECT_NODE_VERSION_FOR_UPDATE =
      "SELECT version FROM nodetable WHERE id = ? FOR UPDATE";

  /**
   * Inserts an object under the id TAOBench chose, at version 1 (the load version).
   * Params: id, type, time (s), data.
   */
  public static final String INSERT_NODE_WITH_ID =
      "INSERT INTO nodetable (id, type, version, time, data) VALUES (?, ?, 1, ?, ?)";

  /** Overwrites the payload and bumps the version. Params: data, time (s), id. */
  public static final String UPDATE_NODE_PAYLOAD =
      "UPDATE nodetable SET data = ?, time = ?, version = version + 1 WHERE id = ?";

  /** Params: id. */
  public static final String DELETE_NODE_BY_ID = "DELETE FROM nodetable WHERE id = ?";

  private TaoSql() {}
}
