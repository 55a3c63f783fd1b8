package com.oltpbenchmark.catalog;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A table with its columns in DDL order and its indexes. */
public class Table extends AbstractCatalogObject {
  private static final long serialVersionUID = 1L;

  private final List<Column> columns = new ArrayList<>();
  private final List<Index> indexes = new ArrayList<>();

  public Table(String name, String separator) {
    super(name, separator);
  }

  public void addColumn(Column col) {
    columns.add(col);
  }

  public int getColumnCount() {
    return columns.size();
  }

  public List<Column> getColumns() {
    return Collections.unmodifiableList(columns);
  }

  public Column getColumn(int index) {
    return columns.get(index);
  }

  public int[] getColumnTypes() {
    int[] types = new int[columns.size()];
    for (int i = 0; i < types.length; i++) {
      types[i] = columns.get(i).getType();
    }
    return types;
  }

  public Column getColumnByName(String colname) {
    int i = getColumnIndex(colname);
    return i < 0 ? null : columns.get(i);
  }

  public int getColumnIndex(Column c) {
    return columns.indexOf(c);
  }

  public int getColumnIndex(String columnName) {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).getName().equalsIgnoreCase(columnName)) {
        return i;
      }
    }
    return -1;
  }

  public void addIndex(Index index) {
    indexes.add(index);
  }

  public Index getIndex(String indexName) {
    for (Index idx : indexes) {
      if (idx.getName().equalsIgnoreCase(indexName)) {
        return idx;
      }
    }
    return null;
  }

  public List<Index> getIndexes() {
    return Collections.unmodifiableList(indexes);
  }
}
