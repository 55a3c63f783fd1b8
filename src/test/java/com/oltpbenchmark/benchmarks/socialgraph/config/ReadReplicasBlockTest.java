package com.oltpbenchmark.benchmarks.socialgraph.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.util.List;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.io.FileHandler;
import org.apache.commons.configuration2.tree.xpath.XPathExpressionEngine;
import org.junit.jupiter.api.Test;

/** The {@code <readReplicas>} block: its URLs, how terminals spread over them, and refusals. */
class ReadReplicasBlockTest {

  private static final String PRIMARY = "jdbc:postgresql://127.0.0.1:5441/benchbase";

  private static XMLConfiguration xml(String body) throws Exception {
    XMLConfiguration x = new XMLConfiguration();
    new FileHandler(x).load(new StringReader("<parameters>" + body + "</parameters>"));
    x.setExpressionEngine(new XPathExpressionEngine()); // as the runtimes do
    return x;
  }

  @Test
  void noBlockMeansReadsStayOnTheWorkersConnection() throws Exception {
    assertTrue(ReadReplicas.from(xml(""), PRIMARY).isEmpty());
    assertTrue(ReadReplicas.from(null, PRIMARY).isEmpty());
  }

  @Test
  void terminalTReadsFromReplicaTModN() throws Exception {
    String a = "jdbc:postgresql://127.0.0.1:5442/benchbase?sslmode=disable&amp;user=postgres";
    ReadReplicas r =
        ReadReplicas.from(
            xml(
                "<readReplicas><url>"
                    + a
                    + "</url><url> jdbc:postgresql://127.0.0.1:5443/benchbase </url>"
                    + "</readReplicas>"),
            PRIMARY);
    String first = "jdbc:postgresql://127.0.0.1:5442/benchbase?sslmode=disable&user=postgres";
    String second = "jdbc:postgresql://127.0.0.1:5443/benchbase";
    assertEquals(List.of(first, second), r.urls());
    assertEquals(first, r.urlFor(0));
    assertEquals(second, r.urlFor(1));
    assertEquals(first, r.urlFor(2));
    assertEquals(second, r.urlFor(7));
  }

  @Test
  void badBlocksAndUrlsAreRefusedNamingTheElement() throws Exception {
    assertEquals(
        "<readReplicas> has no <url>: give one per replica, or remove the block",
        refusal("<readReplicas></readReplicas>", PRIMARY));
    assertTrue(
        refusal("<readReplicas><host>x</host></readReplicas>", PRIMARY)
            .startsWith("unknown key <readReplicas><host> (known: url)"));
    assertEquals(
        "<readReplicas><url> \"127.0.0.1:5442\" is not a JDBC URL (jdbc:<driver>:...)",
        refusal("<readReplicas><url>127.0.0.1:5442</url></readReplicas>", PRIMARY));
    assertEquals(
        "<readReplicas><url> \"jdbc:postgresql://127.0.0.1:0/db\": port \"0\" is not a port"
            + " number",
        refusal(
            "<readReplicas><url>jdbc:postgresql://127.0.0.1:0/db</url></readReplicas>", PRIMARY));
    assertTrue(
        refusal("<readReplicas><url>jdbc:mariadb://h:3306/db</url></readReplicas>", PRIMARY)
            .contains("is another kind of database than <url> (jdbc:postgresql:)"));
    assertTrue(
        refusal("<readReplicas><url>jdbc:nosuchdriver://h/db</url></readReplicas>", null)
            .endsWith(
                "no JDBC driver on the classpath accepts it (a malformed host, port or option?)"));
  }

  @Test
  void portsAreCheckedInEveryHostOfTheUrl() {
    assertNull(ReadReplicas.badPort("jdbc:postgresql://a:5442,b:5443/db?x=1"));
    assertNull(ReadReplicas.badPort("jdbc:postgresql://a,b/db"));
    assertNull(ReadReplicas.badPort("jdbc:postgresql://[::1]:5442/db"));
    assertNull(ReadReplicas.badPort("jdbc:postgresql://[::1]/db"));
    assertNull(ReadReplicas.badPort("jdbc:mysql://user:secret@h/db"));
    assertNull(ReadReplicas.badPort("jdbc:sqlite:/tmp/x.db"));
    assertEquals("54x3", ReadReplicas.badPort("jdbc:postgresql://a:5442,b:54x3/db"));
    assertEquals("70000", ReadReplicas.badPort("jdbc:postgresql://a:70000"));
    assertEquals("", ReadReplicas.badPort("jdbc:postgresql://a:/db"));
  }

  private static String refusal(String body, String writeUrl) throws Exception {
    XMLConfiguration x = xml(body);
    return assertThrows(ConfigException.class, () -> ReadReplicas.from(x, writeUrl)).getMessage();
  }
}
