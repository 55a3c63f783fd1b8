package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.benchmarks.socialgraph.ModuleFixture;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * What the TAOBench contracts share: each test gets a fresh fixture from its subclass and a
 * connection to it, and ends by checking that the counts match the visible links.
 */
abstract class TaoContractBase {
  TaoFixture fx;
  Connection conn;

  abstract TaoFixture fixture() throws Exception;

  @BeforeEach
  void open() throws Exception {
    fx = fixture();
    conn = fx.connect();
  }

  @AfterEach
  void close() throws Exception {
    if (conn != null) {
      ModuleFixture.assertCountsMatchVisibleLinks(conn);
      conn.close();
    }
  }

  static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
