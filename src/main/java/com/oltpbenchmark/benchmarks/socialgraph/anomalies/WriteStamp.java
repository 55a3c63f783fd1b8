package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

/**
 * Where a write's transaction name lives in the rows it writes.
 *
 * <p>A transaction is named by the request tick the driver took when it began (one per request,
 * unique within the driver process, see {@link RecentWrites}); the process is the driver's {@code
 * k} of {@code --driver k/N}. Two homes, because the two workloads leave different columns free:
 *
 * <ul>
 *   <li>LinkBench writes a constant into {@code version} (0 for links, a fixed number for updated
 *       nodes), so a LinkBench write puts its tick there instead: {@code nodetable.version}
 *       (BIGINT) holds it whole, {@code linktable.version} (INT) its low 31 bits. Versions then
 *       still grow with time within a run, which the audit's version check relies on. A version
 *       names a transaction only together with the payload's hash (see {@link
 *       RecentWrites#identify}), since another process or an earlier run reuses the same numbers.
 *   <li>TAOBench's version belongs to the database (every write adds one), so a TAOBench write puts
 *       the stamp into the first {@link #PAYLOAD_BYTES} bytes of its payload: a marker, the process
 *       and tick, and a check word mixed with a per-run nonce, so that random payload bytes,
 *       another process's stamps and an earlier run's stamps never read as this run's. A payload
 *       shorter than that carries no stamp, and its rows are not checkable.
 * </ul>
 */
public final class WriteStamp {

  /** Bytes a payload stamp takes at the start of the payload. */
  public static final int PAYLOAD_BYTES = 16;

  private static final int MARKER = 0x5347A7E5;

  private final int process;
  private final long nonce;

  /**
   * @param process this driver process's index (0 for a single process)
   * @param nonce a number drawn once per run
   */
  public WriteStamp(int process, long nonce) {
    this.process = process & 0xFF;
    this.nonce = nonce;
  }

  /** The LinkBench link version that names {@code tick}. */
  public static int linkVersion(long tick) {
    return (int) (tick & 0x7FFFFFFFL);
  }

  /** Whether a stored link or node version could name {@code tick}. */
  static boolean versionNames(long version, long tick, boolean link) {
    return link ? version == linkVersion(tick) : version == tick;
  }

  /** Writes the stamp of {@code tick} over the start of {@code payload}, if it is long enough. */
  public void stampPayload(byte[] payload, long tick) {
    if (payload.length < PAYLOAD_BYTES) {
      return;
    }
    long word = ((long) process << 56) | (tick & 0x00FFFFFFFFFFFFFFL);
    putInt(payload, 0, MARKER);
    putLong(payload, 4, word);
    putInt(payload, 12, check(word));
  }

  /**
   * The tick a payload's stamp names, or -1 when the payload carries no stamp of this process and
   * run.
   */
  public long tickOf(byte[] payload) {
    if (payload == null || payload.length < PAYLOAD_BYTES || getInt(payload, 0) != MARKER) {
      return -1;
    }
    long word = getLong(payload, 4);
    if ((int) (word >>> 56) != process || getInt(payload, 12) != check(word)) {
      return -1;
    }
    return word & 0x00FFFFFFFFFFFFFFL;
  }

  private int check(long word) {
    long h = (word ^ nonce) * 0x9E3779B97F4A7C15L;
    h ^= h >>> 29;
    h *= 0xBF58476D1CE4E5B9L;
    return (int) (h ^ (h >>> 32));
  }

  private static void putInt(byte[] b, int at, int v) {
    b[at] = (byte) (v >>> 24);
    b[at + 1] = (byte) (v >>> 16);
    b[at + 2] = (byte) (v >>> 8);
    b[at + 3] = (byte) v;
  }

  private static void putLong(byte[] b, int at, long v) {
    putInt(b, at, (int) (v >>> 32));
    putInt(b, at + 4, (int) v);
  }

  private static int getInt(byte[] b, int at) {
    return (b[at] & 0xFF) << 24
        | (b[at + 1] & 0xFF) << 16
        | (b[at + 2] & 0xFF) << 8
        | b[at + 3] & 0xFF;
  }

  private static long getLong(byte[] b, int at) {
    return (long) getInt(b, at) << 32 | (getInt(b, at + 4) & 0xFFFFFFFFL);
  }
}
