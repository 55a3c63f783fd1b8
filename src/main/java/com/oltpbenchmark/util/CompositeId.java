package com.oltpbenchmark.util;

import java.math.BigInteger;

/** Several small non-negative numbers packed into one numeric id (bit fields). */
public abstract class CompositeId {
  public static final int INT_MAX_DIGITS = 10;
  public static final int LONG_MAX_DIGITS = 19;

  /** Packs {@link #toArray()} into fields of {@code offset_bits} bits each, first field lowest. */
  protected final String encode(int[] offset_bits) {
    String[] values = toArray();
    BigInteger id = BigInteger.ZERO;
    int offset = 0;
    for (int i = 0; i < values.length; i++) {
      BigInteger v = new BigInteger(values[i]);
      BigInteger max = BigInteger.ONE.shiftLeft(offset_bits[i]);
      if (v.signum() < 0 || v.compareTo(max) >= 0) {
        throw new IllegalArgumentException(
            "value " + v + " of field " + i + " does not fit in " + offset_bits[i] + " bits");
      }
      id = id.or(v.shiftLeft(offset));
      offset += offset_bits[i];
    }
    return id.toString();
  }

  protected final String[] decode(String composite_id, int[] offset_bits) {
    BigInteger id = new BigInteger(composite_id);
    String[] values = new String[offset_bits.length];
    int offset = 0;
    for (int i = 0; i < offset_bits.length; i++) {
      BigInteger mask = BigInteger.ONE.shiftLeft(offset_bits[i]).subtract(BigInteger.ONE);
      values[i] = id.shiftRight(offset).and(mask).toString();
      offset += offset_bits[i];
    }
    return values;
  }

  public abstract String encode();

  public abstract void decode(String composite_id);

  public abstract String[] toArray();
}
