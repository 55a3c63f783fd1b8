package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import com.oltpbenchmark.util.OneLine;
import com.oltpbenchmark.util.SafeXml;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.configuration2.XMLConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The benchmark plugins: {@code -b} names to BenchmarkModule classes, and creating a module. */
final class Plugins {
  private static final Logger LOG = LoggerFactory.getLogger(Plugins.class);

  static final String FILE = "config/plugin.xml";

  private Plugins() {}

  /** The plugin names, for the help text; the reason when the list cannot be read. */
  static String namesForHelp() {
    try {
      return String.join(", ", load().keySet());
    } catch (RuntimeException e) {
      return "(cannot read " + FILE + ": " + e.getMessage() + ")";
    }
  }

  /**
   * Plugin name to BenchmarkModule class: config/plugin.xml in the working directory first (as
   * upstream), then every packaged /config/plugin.xml on the classpath for names not found there.
   */
  static Map<String, String> load() {
    Map<String, String> plugins = new LinkedHashMap<>();
    File local = new File(FILE);
    if (local.isFile()) {
      readPlugins(local.getPath(), plugins);
    }
    try {
      Enumeration<URL> urls = Plugins.class.getClassLoader().getResources(FILE);
      for (URL u : Collections.list(urls)) {
        readPlugins(u, plugins);
      }
    } catch (IOException e) {
      LOG.warn("cannot list packaged plugin files: {}", e.getMessage());
    }
    return plugins;
  }

  private static void readPlugins(Object source, Map<String, String> plugins) {
    try {
      XMLConfiguration xml;
      if (source instanceof String) {
        xml = WorkloadConfigReader.load((String) source);
      } else {
        xml = new XMLConfiguration();
        xml.setDocumentBuilder(SafeXml.documentBuilder());
        try (InputStream in = ((URL) source).openStream()) {
          new org.apache.commons.configuration2.io.FileHandler(xml).load(in);
        }
      }
      xml.setExpressionEngine(
          new org.apache.commons.configuration2.tree.xpath.XPathExpressionEngine());
      for (String name : xml.getList(String.class, "plugin/@name", List.of())) {
        String cls = xml.getString("plugin[@name='" + name + "']", null);
        if (cls != null && !plugins.containsKey(name.trim())) {
          plugins.put(name.trim(), cls.trim());
        }
      }
    } catch (Exception e) {
      throw new RuntimeException("cannot read plugin list " + source + ": " + e.getMessage(), e);
    }
  }

  /** Creates the module through its public (WorkloadConfiguration) constructor. */
  static BenchmarkModule instantiate(String cls, WorkloadConfiguration wc)
      throws ConfigurationError {
    return instantiate(cls, wc, null);
  }

  /**
   * Creates the module; the module checks its own configuration block in its constructor, so any
   * exception there is a configuration error, reported with the file it came from.
   */
  static BenchmarkModule instantiate(String cls, WorkloadConfiguration wc, String configFile)
      throws ConfigurationError {
    try {
      Class<?> c = Class.forName(cls);
      return (BenchmarkModule) c.getConstructor(WorkloadConfiguration.class).newInstance(wc);
    } catch (ClassNotFoundException e) {
      throw new ConfigurationError(
          "benchmark class " + cls + " (from " + FILE + ") is not on the classpath");
    } catch (java.lang.reflect.InvocationTargetException e) {
      Throwable cause = e.getCause();
      throw new ConfigurationError(
          (configFile == null ? "" : "invalid configuration in " + configFile + ": ")
              + "benchmark "
              + wc.getBenchmarkName()
              + ": "
              + OneLine.describe(cause),
          cause);
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new ConfigurationError(
          "cannot create benchmark "
              + cls
              + " (needs a public"
              + " constructor taking a WorkloadConfiguration): "
              + e,
          e);
    }
  }
}
