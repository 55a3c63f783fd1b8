package com.oltpbenchmark.benchmarks.socialgraph.spider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.WorkloadConfigReader;
import com.oltpbenchmark.benchmarks.socialgraph.audit.AuditConfig;
import com.oltpbenchmark.testutil.SpiderCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.commons.configuration2.XMLConfiguration;
import org.junit.jupiter.api.Test;

/** The committed Spider DDL and sample configs match what the script generates and names. */
class SpiderDdlTest {

  @Test
  void theCommittedDdlIsTheScriptsOutputForThreeBackends() throws Exception {
    assertEquals(
        SpiderCluster.ddl("3"),
        Files.readString(Path.of("config", "spider", "ddl-spider-3.sql")),
        "config/spider/ddl-spider-3.sql: regenerate with scripts/spider-cluster.sh ddl 3");
  }

  @Test
  void theSamplesUseTheHeadTheDdlAndAuditEveryBackend() throws Exception {
    for (String name : List.of("sample_socialgraph_config.xml", "sample_taobench_config.xml")) {
      XMLConfiguration xml = WorkloadConfigReader.load("config/spider/" + name);
      assertEquals("MARIADB", xml.getString("type"), name);
      assertTrue(xml.getString("url").startsWith("jdbc:mariadb://127.0.0.1:3320/"), name);
      assertEquals("config/spider/ddl-spider-3.sql", xml.getString("ddlpath"), name);
      assertEquals(10, xml.getInt("scalefactor"), name + ": the DDL's ranges are for 100,000 ids");
      assertEquals(
          List.of(
              "jdbc:mariadb://127.0.0.1:3321/",
              "jdbc:mariadb://127.0.0.1:3322/",
              "jdbc:mariadb://127.0.0.1:3323/"),
          AuditConfig.from(xml).backends(),
          name);
    }
  }

  @Test
  void everyBackendGetsOnePartitionOfEachTableAndItsBackendTables() throws Exception {
    String ddl = SpiderCluster.ddl("2", "10", "1", "1001");
    for (String table : List.of("nodetable", "linktable", "counttable")) {
      assertTrue(
          ddl.contains(
              "PARTITION b1 VALUES LESS THAN (5) COMMENT = 'srv \"sg_backend1\", table \""
                  + table
                  + "\"',"),
          ddl);
      assertTrue(
          ddl.contains(
              "PARTITION b2 VALUES LESS THAN MAXVALUE COMMENT = 'srv \"sg_backend2\", table \""
                  + table
                  + "\"'"),
          ddl);
    }
    for (int b = 1; b <= 2; b++) {
      assertTrue(
          ddl.contains(
              "SELECT spider_direct_sql('DROP TABLE IF EXISTS linktable, counttable, nodetable', '',"
                  + " CONCAT('srv \"sg_backend"
                  + b
                  + "\", database \"', DATABASE(), '\"'));"),
          ddl);
    }
    assertTrue(ddl.contains("PARTITION BY RANGE (((id1 - 1 + 1) * 10 - 1) DIV 1000"), ddl);
  }
}
