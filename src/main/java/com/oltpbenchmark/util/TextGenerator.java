package com.oltpbenchmark.util;

import java.util.Random;

/** Random printable ASCII text (characters 32 ' ' to 126 '~'). */
public abstract class TextGenerator {
  private static final int FIRST = 32;
  private static final int COUNT = 95;
  private static final char[] CHARACTERS = new char[COUNT];

  static {
    for (int i = 0; i < COUNT; i++) {
      CHARACTERS[i] = (char) (FIRST + i);
    }
  }

  public static char[] randomChars(Random rng, int strLen) {
    return randomFastChars(rng, new char[strLen]);
  }

  /** Fills {@code chars} with one draw per character. */
  public static char[] randomChars(Random rng, char[] chars) {
    for (int i = 0; i < chars.length; i++) {
      chars[i] = CHARACTERS[rng.nextInt(COUNT)];
    }
    return chars;
  }

  /**
   * Fills {@code chars} drawing one random int per several characters (base-95 digits of a single
   * draw), which is several times cheaper than one draw per character.
   */
  public static char[] randomFastChars(Random rng, char[] chars) {
    int i = 0;
    // 95^4 = 81,450,625 fits in an int: four characters per draw
    final int block = COUNT * COUNT * COUNT * COUNT;
    while (i + 4 <= chars.length) {
      int v = rng.nextInt(block);
      for (int k = 0; k < 4; k++) {
        chars[i++] = CHARACTERS[v % COUNT];
        v /= COUNT;
      }
    }
    while (i < chars.length) {
      chars[i++] = CHARACTERS[rng.nextInt(COUNT)];
    }
    return chars;
  }

  public static String randomStr(Random rng, int strLen) {
    return new String(randomChars(rng, strLen));
  }

  /** Grows (delta &gt; 0, random characters appended) or shrinks the text. */
  public static char[] resizeText(Random rng, char[] orig, int delta) {
    int len = Math.max(0, orig.length + delta);
    char[] out = new char[len];
    System.arraycopy(orig, 0, out, 0, Math.min(orig.length, len));
    if (len > orig.length) {
      char[] extra = randomFastChars(rng, new char[len - orig.length]);
      System.arraycopy(extra, 0, out, orig.length, extra.length);
    }
    return out;
  }

  /** Replaces a random run of characters with new random ones (in place). */
  public static char[] permuteText(Random rng, char[] chars) {
    if (chars.length == 0) {
      return chars;
    }
    int start = rng.nextInt(chars.length);
    int len = 1 + rng.nextInt(chars.length - start);
    for (int i = start; i < start + len; i++) {
      chars[i] = CHARACTERS[rng.nextInt(COUNT)];
    }
    return chars;
  }
}
