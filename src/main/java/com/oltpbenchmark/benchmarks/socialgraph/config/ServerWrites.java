package com.oltpbenchmark.benchmarks.socialgraph.config;

import java.util.Locale;
import org.apache.commons.configuration2.XMLConfiguration;
import org.apache.commons.configuration2.tree.ImmutableNode;

/**
 * The config's optional top-level {@code <serverWrites>} element: whether a write request goes to
 * the database as one round trip (link writes as one call of a server-side routine,
 * single-statement writes in autocommit) or step by step, one statement per round trip inside the
 * runtime's transaction. Both give the same locks, outcomes and invariants.
 */
public enum ServerWrites {
  /** One round trip where the module has routines for the database (PostgreSQL, MariaDB, MySQL). */
  AUTO,
  /** As AUTO, but a database without routines, or failing to create them, is an error. */
  TRUE,
  /** Always step by step. */
  FALSE;

  public static final String ELEMENT = "serverWrites";

  /** Reads the element (default AUTO); a bad value throws naming the element. */
  public static ServerWrites from(XMLConfiguration xml) {
    if (xml == null) {
      return AUTO;
    }
    ServerWrites found = null;
    for (ImmutableNode child : xml.getNodeModel().getNodeHandler().getRootNode().getChildren()) {
      if (!child.getNodeName().equals(ELEMENT)) {
        continue;
      }
      if (found != null) {
        throw new ConfigException("element <" + ELEMENT + ">: given more than once");
      }
      String value = child.getValue() == null ? "" : String.valueOf(child.getValue()).trim();
      try {
        found = valueOf(value.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new ConfigException(
            "element <" + ELEMENT + ">: '" + value + "' is not one of auto, true, false");
      }
    }
    return found == null ? AUTO : found;
  }
}
