package com.oltpbenchmark.util;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

/**
 * XML parsing that never reads anything but the document itself: a DOCTYPE is a parse error, so no
 * DTD is fetched and no entity (internal or external) is expanded. Every XML input of the runtime
 * (workload config, plugin list, dialect files) goes through here.
 */
public final class SafeXml {
  private static final String DISALLOW_DOCTYPE =
      "http://apache.org/xml/features/disallow-doctype-decl";

  private SafeXml() {}

  /** A namespace-unaware factory with DTDs, entities and XInclude off. */
  public static DocumentBuilderFactory factory() {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    try {
      f.setFeature(DISALLOW_DOCTYPE, true);
      f.setFeature("http://xml.org/sax/features/external-general-entities", false);
      f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
      f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
    } catch (ParserConfigurationException e) {
      // the JDK's parser supports all of these; another one must not be used unprotected
      throw new IllegalStateException("XML parser cannot be secured: " + e.getMessage(), e);
    }
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    f.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
    f.setXIncludeAware(false);
    f.setExpandEntityReferences(false);
    return f;
  }

  /**
   * A document builder from {@link #factory()} whose errors are thrown, never printed (the JDK's
   * default handler writes "[Fatal Error]" lines to stderr).
   */
  public static DocumentBuilder documentBuilder() {
    try {
      DocumentBuilder b = factory().newDocumentBuilder();
      b.setErrorHandler(
          new org.xml.sax.helpers.DefaultHandler() {
            @Override
            public void error(org.xml.sax.SAXParseException e) throws org.xml.sax.SAXException {
              throw e;
            }

            @Override
            public void fatalError(org.xml.sax.SAXParseException e)
                throws org.xml.sax.SAXException {
              throw e;
            }
          });
      return b;
    } catch (ParserConfigurationException e) {
      throw new IllegalStateException("XML parser cannot be secured: " + e.getMessage(), e);
    }
  }

  /** Whether a parse failure is the refusal of a DOCTYPE (so the message can say so). */
  public static boolean isDoctypeRefusal(Throwable t) {
    for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
      String m = String.valueOf(c.getMessage());
      if (m.contains("DOCTYPE") || m.contains(DISALLOW_DOCTYPE)) {
        return true;
      }
    }
    return false;
  }
}
