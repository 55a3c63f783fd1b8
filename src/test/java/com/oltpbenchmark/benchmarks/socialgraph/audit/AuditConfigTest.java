package com.oltpbenchmark.benchmarks.socialgraph.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
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
        "<audit><backend> is not a JDBC URL: \"127.0.0.1:3321\"",
        refusal("<audit><backend>127.0.0.1:3321</backend></audit>"));
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
