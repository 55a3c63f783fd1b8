package com.oltpbenchmark.catalog;

/** A column: its java.sql.Types type, size and nullability. */
public class Column extends AbstractCatalogObject {
  private static final long serialVersionUID = 1L;

  private final transient Table table;
  private final int type;
  private final Integer size;
  private final boolean nullable;
  private Column foreignKey;

  public Column(
      String name, String separator, Table table, int type, Integer size, boolean nullable) {
    super(name, separator);
    this.table = table;
    this.type = type;
    this.size = size;
    this.nullable = nullable;
  }

  public Table getTable() {
    return table;
  }

  public int getType() {
    return type;
  }

  public Integer getSize() {
    return size;
  }

  public boolean isNullable() {
    return nullable;
  }

  public Column getForeignKey() {
    return foreignKey;
  }

  public void setForeignKey(Column foreignKey) {
    this.foreignKey = foreignKey;
  }

  /** Position within its table (0-based). */
  public int getIndex() {
    return table == null ? -1 : table.getColumnIndex(this);
  }
}
