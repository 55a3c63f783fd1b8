package com.oltpbenchmark.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * One self-contained HTML file: the page template with uPlot (from its webjar), the page's own
 * script and styles, and the runs' data inlined, so it opens offline in any current browser. One
 * run gives a run report, several give a comparison.
 */
final class ReportPage {
  private static final String WEBJAR = "META-INF/resources/webjars/uplot/";
  private static final String WEBJAR_POM = "META-INF/maven/org.webjars.npm/uplot/pom.properties";
  private static final String OWN = "com/oltpbenchmark/report/";
  private static final ObjectMapper JSON =
      new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

  private ReportPage() {}

  static String render(String title, List<Map<String, Object>> runs) throws IOException {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("title", title);
    data.put("runs", runs);
    String version = uplotVersion();
    data.put("chartLibrary", "uPlot " + version);
    String template = resource(OWN + "report.html");
    return template
        .replace("@TITLE@", escapeHtml(title))
        .replace("/*@UPLOT_CSS@*/", script(resource(WEBJAR + version + "/dist/uPlot.min.css")))
        .replace("/*@UPLOT_JS@*/", script(resource(WEBJAR + version + "/dist/uPlot.iife.min.js")))
        .replace("/*@REPORT_JS@*/", script(resource(OWN + "report.js")))
        .replace("@DATA@", json(data));
  }

  /** JSON safe inside a script element: '<' only occurs in strings, where its escape is legal. */
  static String json(Object data) throws JsonProcessingException {
    return JSON.writeValueAsString(data).replace("<", "\\u003c");
  }

  private static String script(String text) {
    if (text.toLowerCase(java.util.Locale.ROOT).contains("</script")
        || text.toLowerCase(java.util.Locale.ROOT).contains("</style")) {
      throw new IllegalStateException("an inlined resource would close its element early");
    }
    return text;
  }

  private static String uplotVersion() throws IOException {
    Properties p = new Properties();
    try (InputStream in = open(WEBJAR_POM)) {
      p.load(in);
    }
    return p.getProperty("version");
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = open(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static InputStream open(String name) throws IOException {
    InputStream in = ReportPage.class.getClassLoader().getResourceAsStream(name);
    if (in == null) {
      throw new IOException("resource " + name + " is missing from the classpath");
    }
    return in;
  }

  static String escapeHtml(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
