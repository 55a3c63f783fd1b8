package com.oltpbenchmark.benchmarks.socialgraph.audit;

import java.util.zip.CRC32C;

/**
 * What a row holds, as far as the audit compares it: present or not, visibility (links), version
 * and a hash of the payload.
 */
public record KeyState(boolean present, int visibility, long version, long payloadHash) {

  public static final KeyState ABSENT = new KeyState(false, 0, 0, 0);

  public static KeyState of(int visibility, long version, byte[] payload) {
    return new KeyState(true, visibility, version, payloadHash(payload));
  }

  /** CRC-32C of the payload; a zero-length payload and SQLite's null BLOB hash alike. */
  public static long payloadHash(byte[] payload) {
    CRC32C crc = new CRC32C();
    if (payload != null) {
      crc.update(payload);
    }
    return crc.getValue();
  }

  /** For reports; nodes have no visibility. */
  public String describe(boolean node) {
    if (!present) {
      return "absent";
    }
    return (node ? "" : "visibility=" + visibility + " ")
        + "version="
        + version
        + " payloadHash="
        + payloadHash;
  }

  @Override
  public String toString() {
    return describe(false);
  }
}
