package com.oltpbenchmark.benchmarks.socialgraph.loader;

import java.util.Arrays;

/**
 * Rows of one table held in primitive arrays until they are written, so buffering a row allocates
 * nothing but its payload. A row is a fixed sequence of number columns plus one payload column;
 * {@link TableLayout} says which SQL column each value is.
 */
final class RowBuffer {

  final TableLayout layout;
  private long[] numbers;
  private byte[][] payloads;
  private int rows;
  private long payloadBytes;

  RowBuffer(TableLayout layout, int initialRows) {
    this.layout = layout;
    int capacity = Math.max(16, initialRows);
    this.numbers = new long[capacity * layout.numberColumns()];
    this.payloads = new byte[capacity][];
  }

  /** Appends a row: its number columns in layout order and its payload. */
  void add(long a, long b, long c, long d, byte[] payload) {
    int base = nextRow();
    numbers[base] = a;
    numbers[base + 1] = b;
    numbers[base + 2] = c;
    numbers[base + 3] = d;
    endRow(payload);
  }

  void add(long a, long b, long c, long d, long e, long f, byte[] payload) {
    int base = nextRow();
    numbers[base] = a;
    numbers[base + 1] = b;
    numbers[base + 2] = c;
    numbers[base + 3] = d;
    numbers[base + 4] = e;
    numbers[base + 5] = f;
    endRow(payload);
  }

  void add(long a, long b, long c, long d, long e) {
    int base = nextRow();
    numbers[base] = a;
    numbers[base + 1] = b;
    numbers[base + 2] = c;
    numbers[base + 3] = d;
    numbers[base + 4] = e;
    payloads[rows++] = null;
  }

  /** Makes room for one more row; where its number columns start. */
  private int nextRow() {
    ensureRoom();
    return rows * layout.numberColumns();
  }

  private void endRow(byte[] payload) {
    payloads[rows++] = payload;
    payloadBytes += payload.length;
  }

  int rows() {
    return rows;
  }

  long payloadBytes() {
    return payloadBytes;
  }

  /** Number column {@code column} (layout order) of row {@code row}. */
  long number(int row, int column) {
    return numbers[row * layout.numberColumns() + column];
  }

  byte[] payload(int row) {
    return payloads[row];
  }

  void clear() {
    Arrays.fill(payloads, 0, rows, null);
    rows = 0;
    payloadBytes = 0;
  }

  private void ensureRoom() {
    if (rows == payloads.length) {
      payloads = Arrays.copyOf(payloads, rows * 2);
      numbers = Arrays.copyOf(numbers, rows * 2 * layout.numberColumns());
    }
  }
}
