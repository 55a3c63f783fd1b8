package com.oltpbenchmark.catalog;

import java.sql.SQLException;
import java.util.Collection;

/** Schema metadata of a benchmark's tables. */
public interface AbstractCatalog {
  Collection<Table> getTables();

  Table getTable(String tableName);

  void close() throws SQLException;
}
