package com.oltpbenchmark.catalog;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Catalog read from the live database's JDBC metadata. */
public final class Catalog implements AbstractCatalog {
  private final Map<String, Table> tables;

  public Catalog(Map<String, Table> tables) {
    this.tables = new LinkedHashMap<>(tables);
  }

  @Override
  public Collection<Table> getTables() {
    return Collections.unmodifiableCollection(tables.values());
  }

  @Override
  public Table getTable(String tableName) {
    for (Table t : tables.values()) {
      if (t.getName().equalsIgnoreCase(tableName)) {
        return t;
      }
    }
    throw new IllegalArgumentException(String.format("no table found with name [%s]", tableName));
  }

  @Override
  public void close() {}

  @Override
  public String toString() {
    return "Catalog" + tables.keySet();
  }
}
