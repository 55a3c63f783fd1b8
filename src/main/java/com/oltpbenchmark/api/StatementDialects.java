package com.oltpbenchmark.api;

import com.oltpbenchmark.WorkloadConfiguration;
import com.oltpbenchmark.types.DatabaseType;
import com.oltpbenchmark.util.SafeXml;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.validation.Schema;
import javax.xml.validation.SchemaFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/**
 * Per-DBMS SQL overrides from /benchmarks/&lt;bench&gt;/dialect-&lt;type&gt;.xml, validated against
 * /dialect.xsd. Only {@code <dialect>} elements whose type matches the configured database type
 * apply.
 */
public final class StatementDialects {
  private static final Logger LOG = LoggerFactory.getLogger(StatementDialects.class);
  private static final String SCHEMA = "/dialect.xsd";

  private final WorkloadConfiguration workloadConfiguration;
  private final Map<String, Map<String, String>> dialectsMap = new LinkedHashMap<>();

  public StatementDialects(WorkloadConfiguration workloadConfiguration) {
    this.workloadConfiguration = workloadConfiguration;
    try {
      load();
    } catch (SAXException | IOException ex) {
      throw new RuntimeException(
          "invalid dialect file " + getSQLDialectPath(getDatabaseType()) + ": " + ex.getMessage(),
          ex);
    }
  }

  /** Classpath path of the dialect file for a type, or null if there is none. */
  public String getSQLDialectPath(DatabaseType databaseType) {
    if (databaseType == null || workloadConfiguration.getBenchmarkName() == null) {
      return null;
    }
    String path =
        "/benchmarks/"
            + workloadConfiguration.getBenchmarkName()
            + "/dialect-"
            + databaseType.name().toLowerCase(Locale.ROOT)
            + ".xml";
    URL url = StatementDialects.class.getResource(path);
    return url == null ? null : path;
  }

  protected boolean load() throws SAXException, IOException {
    dialectsMap.clear();
    DatabaseType dbType = getDatabaseType();
    String path = getSQLDialectPath(dbType);
    if (path == null) {
      return false;
    }
    Document doc = parseAndValidate(path);
    NodeList dialects = doc.getDocumentElement().getElementsByTagName("dialect");
    for (int i = 0; i < dialects.getLength(); i++) {
      Element dialect = (Element) dialects.item(i);
      if (!dbType.name().equalsIgnoreCase(dialect.getAttribute("type").trim())) {
        continue;
      }
      for (Element proc : children(dialect, "procedure")) {
        String procName = proc.getAttribute("name");
        Map<String, String> stmts =
            dialectsMap.computeIfAbsent(procName, k -> new LinkedHashMap<>());
        for (Element stmt : children(proc, "statement")) {
          stmts.put(stmt.getAttribute("name"), stmt.getTextContent().trim());
        }
      }
    }
    if (dialectsMap.isEmpty()) {
      LOG.warn("No {} dialect statements found in {}", dbType, path);
      return false;
    }
    return true;
  }

  private static Document parseAndValidate(String path) throws SAXException, IOException {
    URL schemaUrl = StatementDialects.class.getResource(SCHEMA);
    if (schemaUrl == null) {
      throw new IOException("dialect schema " + SCHEMA + " is missing from the classpath");
    }
    SchemaFactory sf = SchemaFactory.newInstance(XMLConstants.W3C_XML_SCHEMA_NS_URI);
    Schema schema = sf.newSchema(schemaUrl);
    DocumentBuilderFactory dbf = SafeXml.factory();
    dbf.setNamespaceAware(true);
    dbf.setSchema(schema);
    dbf.setCoalescing(true);
    dbf.setIgnoringComments(true);
    try {
      DocumentBuilder db = dbf.newDocumentBuilder();
      db.setErrorHandler(
          new org.xml.sax.helpers.DefaultHandler() {
            @Override
            public void error(org.xml.sax.SAXParseException e) throws SAXException {
              throw new SAXException(
                  path + " line " + e.getLineNumber() + ": " + e.getMessage(), e);
            }

            @Override
            public void fatalError(org.xml.sax.SAXParseException e) throws SAXException {
              error(e);
            }
          });
      try (InputStream in = StatementDialects.class.getResourceAsStream(path)) {
        return db.parse(in, path);
      }
    } catch (ParserConfigurationException ex) {
      throw new IOException(ex);
    }
  }

  private static List<Element> children(Element parent, String tag) {
    List<Element> out = new ArrayList<>();
    for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element && tag.equals(((Element) n).getTagName())) {
        out.add((Element) n);
      }
    }
    return out;
  }

  /** The original SQL of all given procedures as a dialect document for {@code dbType}. */
  public String export(DatabaseType dbType, Collection<Procedure> procedures) {
    List<Procedure> procs = new ArrayList<>(procedures);
    procs.sort(Comparator.comparing(Procedure::getProcedureName));
    StringBuilder sb = new StringBuilder();
    sb.append("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n");
    sb.append("<dialects>\n");
    sb.append("    <dialect type=\"").append(dbType.name()).append("\">\n");
    for (Procedure proc : procs) {
      Map<String, SQLStmt> stmts = proc.getStatements();
      if (stmts.isEmpty()) {
        continue;
      }
      sb.append("        <procedure name=\"")
          .append(escape(proc.getProcedureName()))
          .append("\">\n");
      List<String> names = new ArrayList<>(stmts.keySet());
      Collections.sort(names);
      for (String name : names) {
        sb.append("            <statement name=\"").append(escape(name)).append("\">");
        sb.append(escape(stmts.get(name).getOriginalSQL()));
        sb.append("</statement>\n");
      }
      sb.append("        </procedure>\n");
    }
    sb.append("    </dialect>\n");
    sb.append("</dialects>\n");
    return sb.toString();
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }

  public DatabaseType getDatabaseType() {
    return workloadConfiguration.getDatabaseType();
  }

  protected Collection<String> getStatementNames(String procName) {
    Map<String, String> stmts = dialectsMap.get(procName);
    return stmts == null ? null : Collections.unmodifiableCollection(stmts.keySet());
  }

  public String getSQL(String procName, String stmtName) {
    Map<String, String> stmts = dialectsMap.get(procName);
    return stmts == null ? null : stmts.get(stmtName);
  }

  protected Collection<String> getProcedureNames() {
    return Collections.unmodifiableCollection(dialectsMap.keySet());
  }
}
