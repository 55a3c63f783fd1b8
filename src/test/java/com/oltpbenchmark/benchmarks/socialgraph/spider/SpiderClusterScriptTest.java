package com.oltpbenchmark.benchmarks.socialgraph.spider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.oltpbenchmark.DBWorkload;
import com.oltpbenchmark.testutil.SpiderCluster;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * scripts/spider-cluster.sh against the running cluster: {@code start} finds the installed Spider
 * plugin in the server's plugin directory (no package manager), and the DDL it generates creates
 * the tables in a database that so far exists on the head alone.
 */
class SpiderClusterScriptTest {

  @TempDir Path dir;

  @Test
  void startFindsTheInstalledPluginAndNeverRunsTheInstaller() throws Exception {
    SpiderCluster cluster = SpiderCluster.database("sg_spider_script");
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path called = dir.resolve("installer-called");
    // a package manager that must not be called, and a Connector/C mariadb_config naming its
    // client-plugin folder, as Debian's libmariadb-dev has it (where ha_spider.so never is)
    fake(bin, "apt-get", "touch '" + called + "'; exit 97");
    fake(bin, "mariadb_config", "echo /usr/lib/x86_64-linux-gnu/libmariadb3/plugin");
    ProcessBuilder pb =
        new ProcessBuilder(SpiderCluster.SCRIPT, "start", String.valueOf(cluster.backends()))
            .redirectErrorStream(true);
    Map<String, String> env = pb.environment();
    env.put("PATH", bin + ":" + env.get("PATH"));
    // the head's running settings, so that start has no reason to restart it
    env.put("SG_SPIDER_XA", headXa());
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), out);
    assertEquals(0, p.exitValue(), out);
    assertFalse(
        Files.exists(called), "start ran apt-get although the plugin is installed:\n" + out);
    assertFalse(out.contains("installing"), out);
    assertFalse(out.contains("restarting the head"), out);
    assertTrue(out.contains("head 127.0.0.1:3320 up"), out);
  }

  @Test
  void createWorksInADatabaseThatOnlyTheHeadHas() throws Exception {
    SpiderCluster cluster = SpiderCluster.database("sg_spider_headonly");
    for (int b = 1; b <= cluster.backends(); b++) {
      try (Connection conn = cluster.backend(b);
          Statement s = conn.createStatement()) {
        s.execute("DROP DATABASE " + cluster.database);
      }
    }
    Path ddl = dir.resolve("ddl.sql");
    Files.writeString(
        ddl, SpiderCluster.ddl(String.valueOf(cluster.backends()), "50", "1", "3001"));
    String xml = Files.readString(Path.of("config", "spider", "sample_socialgraph_config.xml"));
    String url = cluster.headUrl().replace("&", "&amp;");
    xml = xml.replaceFirst("<url>[^<]*</url>", Matcher.quoteReplacement("<url>" + url + "</url>"));
    xml = xml.replaceFirst("<ddlpath>[^<]*</ddlpath>", "<ddlpath>" + ddl + "</ddlpath>");
    xml = xml.replaceFirst("(?s)<audit>.*?</audit>", "");
    Path config = dir.resolve("headonly.xml");
    Files.writeString(config, xml);

    int code =
        DBWorkload.run(
            new String[] {
              "-b",
              "socialgraph",
              "-c",
              config.toString(),
              "-d",
              dir.resolve("r").toString(),
              "--create=true"
            });

    assertEquals(0, code, "--create into " + cluster.database + " (on the head only)");
    for (int b = 1; b <= cluster.backends(); b++) {
      try (Connection conn = cluster.backend(b);
          Statement s = conn.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SELECT COUNT(*) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()"
                      + " AND TABLE_NAME IN ('nodetable', 'linktable', 'counttable')")) {
        rs.next();
        assertEquals(3, rs.getInt(1), "backend " + b + " has the three tables");
      }
    }
  }

  private static String headXa() throws Exception {
    try (Connection c =
            DriverManager.getConnection(
                "jdbc:mariadb://127.0.0.1:" + SpiderCluster.HEAD_PORT + "/", "root", "");
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT IF(@@spider_internal_xa, 'on', 'off')")) {
      rs.next();
      return rs.getString(1);
    }
  }

  private static void fake(Path bin, String name, String body) throws Exception {
    Path f = bin.resolve(name);
    Files.writeString(f, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
  }
}
