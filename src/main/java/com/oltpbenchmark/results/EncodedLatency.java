package com.oltpbenchmark.results;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

/**
 * One latency aggregate as the histogram file stores it: the exact count, sum, minimum and maximum
 * (microseconds) and the HdrHistogram in its own compressed encoding, base64. The exact figures are
 * kept beside the histogram because they may include samples the histogram has not seen (a window's
 * late samples, see {@link WindowSeries}).
 *
 * @param histogram base64 of {@code encodeIntoCompressedByteBuffer}; null when the aggregate
 *     counted samples that no histogram holds
 */
public record EncodedLatency(long count, long sum, long min, long max, String histogram) {

  /** The aggregate of {@code a}, or null when it holds no sample. */
  static EncodedLatency of(LatencyAccumulator a) {
    if (a == null || a.count() == 0) {
      return null;
    }
    return new EncodedLatency(a.count(), a.sum(), a.min(), a.max(), encode(a.histogram()));
  }

  /** A closed window: its computed row and its histogram's compressed bytes (null if none). */
  static EncodedLatency of(LatencyStats row, byte[] compressed) {
    if (row == null || row.isEmpty()) {
      return null;
    }
    return new EncodedLatency(
        row.count,
        row.sum(),
        row.minimum,
        row.maximum,
        compressed == null ? null : Base64.getEncoder().encodeToString(compressed));
  }

  /** A run-wide aggregate rebuilt from this entry (long counts, so merged sums cannot overflow). */
  LatencyAccumulator decode() {
    Histogram h = new Histogram(LatencyAccumulator.SIGNIFICANT_DIGITS);
    if (histogram != null) {
      h.add(decodeHistogram(histogram));
    }
    return new LatencyAccumulator(h, count, sum, min, max);
  }

  /** The compressed bytes of the histogram, as the collector keeps a closed window's. */
  byte[] compressedBytes() {
    return histogram == null ? null : Base64.getDecoder().decode(histogram);
  }

  /** {@code a} plus {@code b}, either of which may be null (no samples). */
  static EncodedLatency sum(EncodedLatency a, EncodedLatency b) {
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    LatencyAccumulator total = a.decode();
    total.add(b.decode());
    return of(total);
  }

  static byte[] compress(AbstractHistogram h) {
    ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoCompressedByteBuffer(buffer, Deflater.DEFAULT_COMPRESSION);
    return Arrays.copyOf(buffer.array(), length);
  }

  static String encode(AbstractHistogram h) {
    return Base64.getEncoder().encodeToString(compress(h));
  }

  static Histogram decodeHistogram(String base64) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(
          ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
    } catch (DataFormatException | IllegalArgumentException e) {
      throw new IllegalArgumentException("not an encoded HdrHistogram: " + e.getMessage(), e);
    }
  }
}
