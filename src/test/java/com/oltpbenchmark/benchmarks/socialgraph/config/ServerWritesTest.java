package com.oltpbenchmark.benchmarks.socialgraph.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.io.FileHandler;
import org.junit.jupiter.api.Test;

class ServerWritesTest {

  private static XMLConfiguration xml(String body) throws Exception {
    XMLConfiguration c = new XMLConfiguration();
    new FileHandler(c).load(new StringReader("<parameters>" + body + "</parameters>"));
    return c;
  }

  @Test
  void defaultsToAuto() throws Exception {
    assertEquals(ServerWrites.AUTO, ServerWrites.from(xml("<terminals>1</terminals>")));
    assertEquals(ServerWrites.AUTO, ServerWrites.from(null));
  }

  @Test
  void readsEachValueInAnyCase() throws Exception {
    assertEquals(ServerWrites.TRUE, ServerWrites.from(xml("<serverWrites>true</serverWrites>")));
    assertEquals(
        ServerWrites.FALSE, ServerWrites.from(xml("<serverWrites> False </serverWrites>")));
    assertEquals(ServerWrites.AUTO, ServerWrites.from(xml("<serverWrites>AUTO</serverWrites>")));
  }

  @Test
  void aBadValueNamesTheElement() throws Exception {
    ConfigException e =
        assertThrows(
            ConfigException.class,
            () -> ServerWrites.from(xml("<serverWrites>yes</serverWrites>")));
    assertEquals("element <serverWrites>: 'yes' is not one of auto, true, false", e.getMessage());
    e =
        assertThrows(
            ConfigException.class,
            () ->
                ServerWrites.from(
                    xml("<serverWrites>true</serverWrites><serverWrites>false</serverWrites>")));
    assertTrue(e.getMessage().contains("more than once"), e.getMessage());
  }
}
