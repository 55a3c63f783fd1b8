package com.oltpbenchmark.results;

import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.ex.ConfigurationException;
import org.apache.commons.configuration2.io.FileHandler;
import org.apache.commons.configuration2.tree.DefaultExpressionEngine;

/**
 * The workload configuration as upstream saves it next to the results: re-serialised by
 * commons-configuration (root element {@code <configuration>}, two-space indentation, comments
 * dropped) without the connection elements.
 */
final class ConfigXml {
  /** Top-level elements upstream removes. */
  static final List<String> REMOVED = List.of("type", "driver", "url", "username", "password");

  private ConfigXml() {}

  static String render(XMLConfiguration config) {
    // A node-level copy (never the caller's object), switched to the default key syntax
    // whatever expression engine the runtime parsed with, with upstream's root name.
    XMLConfiguration copy = new XMLConfiguration(config);
    copy.setExpressionEngine(DefaultExpressionEngine.INSTANCE);
    copy.setRootElementName("configuration");
    for (String key : REMOVED) {
      copy.clearTree(key);
    }
    // Beyond upstream: a password element or attribute anywhere else goes too.
    List<String> keys = new ArrayList<>();
    copy.getKeys().forEachRemaining(keys::add);
    for (String key : keys) {
      String last = key.substring(key.lastIndexOf('.') + 1);
      if (last.startsWith("[@")) {
        last = last.substring(2, last.length() - 1);
      } else if (last.contains("[@")) {
        last = last.substring(last.indexOf("[@") + 2, last.length() - 1);
      }
      if (last.toLowerCase(Locale.ROOT).contains("password")) {
        copy.clearTree(key);
      }
    }
    StringWriter w = new StringWriter();
    try {
      new FileHandler(copy).save(w);
    } catch (ConfigurationException e) {
      throw new IllegalStateException("cannot serialise the workload configuration", e);
    }
    return w.toString();
  }
}
