package com.oltpbenchmark.benchmarks.socialgraph.loader;

/**
 * The SQL column order of a table as the loader writes it: each column is either the next number
 * value of a {@link RowBuffer} row or the row's payload.
 */
enum TableLayout {
  NODE("nodetable", new String[] {"id", "type", "version", "time", "data"}, 4),
  LINK(
      "linktable",
      new String[] {"id1", "id2", "link_type", "visibility", "data", "time", "version"},
      4),
  COUNT("counttable", new String[] {"id", "link_type", "count", "time", "version"}, -1);

  final String table;
  final String[] columns;

  /** Position of the payload among {@link #columns}, or -1 for a table without one. */
  final int payloadColumn;

  TableLayout(String table, String[] columns, int payloadColumn) {
    this.table = table;
    this.columns = columns;
    this.payloadColumn = payloadColumn;
  }

  int numberColumns() {
    return payloadColumn < 0 ? columns.length : columns.length - 1;
  }

  String columnList() {
    return String.join(", ", columns);
  }
}
