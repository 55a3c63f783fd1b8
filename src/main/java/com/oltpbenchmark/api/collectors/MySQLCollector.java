package com.oltpbenchmark.api.collectors;

import java.util.LinkedHashMap;

/** MySQL and MariaDB: SHOW VARIABLES, SHOW STATUS, @@GLOBAL.version. */
public final class MySQLCollector extends QueryCollector {
  private static final NameValueQuery VARIABLES =
      new NameValueQuery("SHOW VARIABLES", "Variable_name", "Value", true);
  private static final NameValueQuery STATUS =
      new NameValueQuery("SHOW STATUS", "Variable_name", "Value", true);

  public MySQLCollector() {
    super(VARIABLES, "SELECT @@GLOBAL.version", conn -> new LinkedHashMap<>(STATUS.read(conn)));
  }
}
