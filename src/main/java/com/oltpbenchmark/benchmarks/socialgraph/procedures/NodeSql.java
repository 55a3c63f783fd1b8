package com.oltpbenchmark.benchmarks.socialgraph.procedures;

/**
 * SQL text of the node statements, shared by LinkBench's node procedures and TAOBench's object
 * reads and writes. Field names in procedures are the constants' names in lower camel case.
 */
public final class NodeSql {

  /** Node columns in the order every node SELECT returns them. */
  public static final String NODE_COLUMNS = "id, type, version, time, data";

  /** Params: type, version, time, data. The id comes from the sequence / auto-increment. */
  public static final String INSERT_NODE =
      "INSERT INTO nodetable (type, version, time, data) VALUES (?, ?, ?, ?)";

  /** Params: id. */
  public static final String SELECT_NODE =
      "SELECT " + NODE_COLUMNS + " FROM nodetable WHERE id = ?";

  /** Params: version, time, data, id, type. */
  public static final String UPDATE_NODE =
      "UPDATE nodetable SET version = ?, time = ?, data = ? WHERE id = ? AND type = ?";

  /**
   * Whether (id, type) exists. Params: id, type. Tells "no such node" from "no change" when an
   * update reports 0 rows, which MySQL does for an identical row under useAffectedRows=true.
   */
  public static final String NODE_EXISTS = "SELECT 1 FROM nodetable WHERE id = ? AND type = ?";

  /** Params: id, type. */
  public static final String DELETE_NODE = "DELETE FROM nodetable WHERE id = ? AND type = ?";

  private NodeSql() {}
}
