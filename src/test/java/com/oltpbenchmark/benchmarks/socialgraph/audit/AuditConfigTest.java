package com.oltpbenchmark.benchmarks.socialgraph.audit;

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

class AuditConfigTest {

  private static XMLConfiguration xml(String body) throws Exception {
    XMLConfiguration x = new XMLConfiguration();
    new FileHandler(x).load(new StringReader("<parameters>" + body + "</parameters>"));
    x.setExpressionEngine(new XPathExpressionEngine()); // as the runtimes do
    return x;
  }

  @Test
  void readsTheBlockWhateverTheExpressionEngine() throws Exception {
    assertEquals(
        new AuditConfig(500, 3),
        AuditConfig.from(
            xml("<audit><trackedKeys>500</trackedKeys><sampleOneIn>3</sampleOneIn></audit>")));
    assertEquals(new AuditConfig(10_000, 1), AuditConfig.from(xml("")));
    assertEquals(new AuditConfig(10_000, 1), AuditConfig.from(xml("<audit>\n  </audit>")));
  }

  @Test
  void backendsAreRepeatedJdbcUrls() throws Exception {
    String a = "jdbc:mariadb://127.0.0.1:3321/db?user=root&amp;password=";
    assertEquals(
        java.util.List.of(
            "jdbc:mariadb://127.0.0.1:3321/db?user=root&password=", "jdbc:mariadb://h:1,h:2/x"),
        AuditConfig.from(
                xml(
                    "<audit><backend>"
                        + a
                        + "</backend><backend> jdbc:mariadb://h:1,h:2/x </backend></audit>"))
            .backends());
    assertEquals(java.util.List.of(), AuditConfig.from(xml("")).backends());
    assertEquals(
        "<audit><backend> \"127.0.0.1:3321\": is not a JDBC URL",
        refusal("<audit><backend>127.0.0.1:3321</backend></audit>"));
  }

  @Test
  void aBackendUrlNoDriverTakesOrWithAnImpossiblePortIsRefused() throws Exception {
    assertEquals(
        "<audit><backend> \"jdbc:mariadb//127.0.0.1:3396/\": no JDBC driver on the classpath"
            + " accepts it; check its jdbc:<subprotocol>: prefix (e.g. jdbc:mariadb://host:port/)",
        refusal("<audit><backend>jdbc:mariadb//127.0.0.1:3396/</backend></audit>"));
    assertEquals(
        "<audit><backend> \"jdbc:mariadb://127.0.0.1:99999/\": port 99999 is out of range (1 to"
            + " 65535)",
        refusal("<audit><backend>jdbc:mariadb://127.0.0.1:99999/</backend></audit>"));
    String second =
        refusal(
            "<audit><backend>jdbc:mariadb://127.0.0.1:3321/</backend>"
                + "<backend>jdbc:mariadb://a:1,b:0/x</backend></audit>");
    assertTrue(second.endsWith("port 0 is out of range (1 to 65535)"), second);
    assertTrue(
        refusal("<audit><backend>jdbc:postgresql://h:54x2/db</backend></audit>")
            .endsWith("port \"54x2\" is not a number"));
    assertTrue(
        refusal("<audit><backend>jdbc:mysql://root:pw@[::1]:70000/db</backend></audit>")
            .endsWith("port 70000 is out of range (1 to 65535)"));
    assertTrue(
        refusal("<audit><backend>jdbc:mariadb://address=(host=a)(port=65536)/db</backend></audit>")
            .endsWith("port 65536 is out of range (1 to 65535)"));
  }

  @Test
  void portsAreReadFromEveryFormOfAuthority() {
    assertEquals(List.of("3321"), BackendUrl.ports("jdbc:mariadb://127.0.0.1:3321/db?x=1"));
    assertEquals(List.of("1", "2"), BackendUrl.ports("jdbc:mariadb://h:1,h:2/x"));
    assertEquals(List.of(), BackendUrl.ports("jdbc:postgresql://host/db"));
    assertEquals(List.of("5432"), BackendUrl.ports("jdbc:postgresql://u:p@[::1]:5432/db"));
    assertEquals(List.of(), BackendUrl.ports("jdbc:mysql://[::1]/db"));
    assertEquals(List.of(), BackendUrl.ports("jdbc:sqlite:/tmp/x.db"));
    assertEquals(
        List.of("3306", "3307"),
        BackendUrl.ports(
            "jdbc:mariadb://address=(host=a)(port=3306),address=(host=b)(port=3307)/"));
    assertNull(BackendUrl.problem("jdbc:mariadb://127.0.0.1:3321/"));
    assertNull(BackendUrl.problem("jdbc:sqlite:/tmp/x.db"));
  }

  @Test
  void badKeysAndValuesNameTheElement() throws Exception {
    String unknown = refusal("<audit><trackedkeys>5</trackedkeys></audit>");
    assertTrue(unknown.startsWith("unknown key <audit><trackedkeys> (known: "), unknown);
    String negative = refusal("<audit><trackedKeys>-1</trackedKeys></audit>");
    assertTrue(
        negative.contains("<audit><trackedKeys> must be in [0, 10000000], got -1"), negative);
  }

  /** The message the configuration {@code body} is refused with. */
  private static String refusal(String body) throws Exception {
    XMLConfiguration x = xml(body);
    return assertThrows(IllegalArgumentException.class, () -> AuditConfig.from(x)).getMessage();
  }
}
