package com.oltpbenchmark.results;

import com.oltpbenchmark.util.SafeXml;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * The elements in which two saved configurations (config.xml of two result sets) differ, named as a
 * user finds them in the file: {@code <terminals>}, {@code <works>/<work>[2]/<rate>}, an attribute
 * as {@code <transactiontype>[3]/@weight}. {@code <driverProcess>}, the one element in which the
 * processes of one benchmark differ, is left out, as in the digest.
 */
final class ConfigDifferences {

  /** Differences named in one message at most; the rest are counted. */
  static final int MAX_NAMED = 5;

  private static final String IGNORED = "driverProcess";

  private ConfigDifferences() {}

  /**
   * "{@code <terminals>}: 3 in B, 4 in A" for each element whose text differs (a missing one is
   * "none"), at most {@link #MAX_NAMED} and a count of the rest; null when the texts cannot be
   * parsed or differ in nothing this can name (comments, order of attributes).
   */
  static String describe(String xmlB, String labelB, String xmlA, String labelA) {
    Map<String, String> b = flatten(xmlB);
    Map<String, String> a = flatten(xmlA);
    if (a == null || b == null) {
      return null;
    }
    Set<String> keys = new LinkedHashSet<>(a.keySet());
    keys.addAll(b.keySet());
    List<String> out = new ArrayList<>();
    int more = 0;
    for (String key : keys) {
      String va = a.getOrDefault(key, "none");
      String vb = b.getOrDefault(key, "none");
      if (va.equals(vb)) {
        continue;
      }
      if (out.size() == MAX_NAMED) {
        more++;
        continue;
      }
      out.add(key + ": " + vb + " in " + labelB + ", " + va + " in " + labelA);
    }
    if (out.isEmpty()) {
      return null;
    }
    return String.join("; ", out) + (more == 0 ? "" : "; and " + more + " more");
  }

  /** Path of every element with text and every attribute, to its value; null if unparsable. */
  static Map<String, String> flatten(String xml) {
    if (xml == null) {
      return null;
    }
    try {
      Element root =
          SafeXml.documentBuilder()
              .parse(new InputSource(new StringReader(xml)))
              .getDocumentElement();
      Map<String, String> out = new LinkedHashMap<>();
      walk(root, "", out);
      return out;
    } catch (SAXException | IOException e) {
      return null;
    }
  }

  private static void walk(Element e, String path, Map<String, String> out) {
    NamedNodeMap attributes = e.getAttributes();
    for (int i = 0; i < attributes.getLength(); i++) {
      Node a = attributes.item(i);
      out.put(
          (path.isEmpty() ? "<" + e.getTagName() + ">" : path) + "/@" + a.getNodeName(),
          a.getNodeValue().strip());
    }
    List<Element> children = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    NodeList nodes = e.getChildNodes();
    for (int i = 0; i < nodes.getLength(); i++) {
      Node n = nodes.item(i);
      if (n instanceof Element c) {
        children.add(c);
      } else if (n.getNodeType() == Node.TEXT_NODE || n.getNodeType() == Node.CDATA_SECTION_NODE) {
        text.append(n.getNodeValue());
      }
    }
    if (!path.isEmpty() && children.isEmpty()) {
      out.put(path, text.toString().strip());
      return;
    }
    Map<String, Integer> total = new HashMap<>();
    for (Element c : children) {
      total.merge(c.getTagName(), 1, Integer::sum);
    }
    Map<String, Integer> seen = new HashMap<>();
    for (Element c : children) {
      String name = c.getTagName();
      if (path.isEmpty() && name.equals(IGNORED)) {
        continue;
      }
      int index = seen.merge(name, 1, Integer::sum);
      String child =
          (path.isEmpty() ? "" : path + "/")
              + "<"
              + name
              + ">"
              + (total.get(name) > 1 ? "[" + index + "]" : "");
      walk(c, child, out);
    }
  }
}
