package com.oltpbenchmark.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.configuration2.XMLConfiguration;
import org.junit.jupiter.api.Test;

class ConfigXmlTest {

  @Test
  void rendersACopyAndLeavesTheRuntimesConfigurationUntouched() throws Exception {
    XMLConfiguration c = ReportBuilder.parse(ReportBuilder.configXml("POSTGRES", "jdbc:x"));
    String xml = ConfigXml.render(c);
    assertFalse(xml.contains("<url>"));
    assertEquals("jdbc:x", c.getString("url"), "the engine's object keeps its connection keys");
    assertEquals(ReportBuilder.PASSWORD, c.getString("password"));
    assertEquals("parameters", c.getRootElementName());
  }

  @Test
  void passwordAttributesAndNestedPasswordElementsAreRemoved() throws Exception {
    XMLConfiguration c =
        ReportBuilder.parse(
            "<?xml version=\"1.0\"?><parameters>"
                + "<terminals>2</terminals>"
                + "<linkbench dbPassword=\"abcd1234\" maxid1=\"10\"><store><password>x</password>"
                + "<host>h</host></store></linkbench></parameters>");
    String xml = ConfigXml.render(c);
    assertFalse(xml.contains("abcd1234"), xml);
    assertFalse(xml.contains("dbPassword"), xml);
    assertFalse(xml.contains("<password>"), xml);
    assertTrue(xml.contains("maxid1=\"10\""), xml);
    assertTrue(xml.contains("<host>h</host>"), xml);
    assertTrue(xml.contains("  <terminals>2</terminals>"), xml);
  }
}
