package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.api.SQLStmt;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.LinkWriter;

/**
 * The statements of TAOBench's writes, the calling procedure's own (dialect-loaded) SQLStmt fields
 * of the same names, as {@code StatementBundle} collects them.
 *
 * @param links link and count writes ({@code LinkWriter}: selectLinkForUpdate, insertLinkIfAbsent,
 *     updateLink, addToCount)
 * @param insertCountIfAbsent {@link TaoSql#INSERT_COUNT_IF_ABSENT}
 * @param selectCountForUpdate {@code LinkSql.SELECT_COUNT_FOR_UPDATE}
 * @param observeLinkVersion {@link TaoSql#OBSERVE_LINK_VERSION}
 * @param observeNodeVersion {@link TaoSql#OBSERVE_NODE_VERSION}
 * @param selectNodeVersionForUpdate {@link TaoSql#SELECT_NODE_VERSION_FOR_UPDATE}
 * @param insertNodeWithId {@link TaoSql#INSERT_NODE_WITH_ID}
 * @param updateNodePayload {@link TaoSql#UPDATE_NODE_PAYLOAD}
 * @param deleteNodeById {@link TaoSql#DELETE_NODE_BY_ID}
 */
public record WriteStatements(
    LinkWriter.Statements links,
    SQLStmt insertCountIfAbsent,
    SQLStmt selectCountForUpdate,
    SQLStmt observeLinkVersion,
    SQLStmt observeNodeVersion,
    SQLStmt selectNodeVersionForUpdate,
    SQLStmt insertNodeWithId,
    SQLStmt updateNodePayload,
    SQLStmt deleteNodeById) {}
