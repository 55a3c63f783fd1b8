package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.api.SQLStmt;

/**
 * The statements of TAOBench's reads, the calling procedure's own (dialect-loaded) SQLStmt fields
 * of the same names, as {@code StatementBundle} collects them.
 *
 * @param selectNode {@code NodeSql.SELECT_NODE}
 * @param selectLink {@code LinkSql.SELECT_LINK}
 * @param selectLinkRange {@code LinkSql.SELECT_LINK_RANGE}
 * @param selectCount {@code LinkSql.SELECT_COUNT}
 */
public record ReadStatements(
    SQLStmt selectNode, SQLStmt selectLink, SQLStmt selectLinkRange, SQLStmt selectCount) {}
