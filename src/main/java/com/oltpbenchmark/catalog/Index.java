package com.oltpbenchmark.catalog;

import com.oltpbenchmark.types.SortDirectionType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** An index: its columns in key order, with their sort directions. */
public class Index extends AbstractCatalogObject {
  private static final long serialVersionUID = 1L;

  private final transient Table table;
  private final int type;
  private final boolean unique;
  private final List<String> columns = new ArrayList<>();
  private final List<SortDirectionType> directions = new ArrayList<>();

  public Index(String name, String separator, Table table, int type, boolean unique) {
    super(name, separator);
    this.table = table;
    this.type = type;
    this.unique = unique;
  }

  public void addColumn(String colName, SortDirectionType colOrder, int colPosition) {
    while (columns.size() <= colPosition) {
      columns.add(null);
      directions.add(SortDirectionType.INVALID);
    }
    columns.set(colPosition, colName);
    directions.set(colPosition, colOrder);
  }

  public Table getTable() {
    return table;
  }

  public int getType() {
    return type;
  }

  public boolean isUnique() {
    return unique;
  }

  /** Column names in key order. */
  public List<String> getColumns() {
    List<String> out = new ArrayList<>();
    for (String c : columns) {
      if (c != null) {
        out.add(c);
      }
    }
    return Collections.unmodifiableList(out);
  }

  public List<SortDirectionType> getDirections() {
    return Collections.unmodifiableList(directions);
  }
}
