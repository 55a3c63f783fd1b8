package com.oltpbenchmark;

import com.oltpbenchmark.util.OneLine;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileStore;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Whether the results directory has room for a run's files, asked before anything touches the
 * database: a generous estimate of the bytes the files take, against the space its file system
 * gives this process, and a probe file of {@link #PROBE_BYTES} really written and removed (an empty
 * file fits on a full disk, and a file system may promise space it then refuses).
 */
final class ResultsRoom {
  /**
   * The files whatever the run's length: summary, parameters, configuration, the report with its
   * inlined page code, the histogram file's fixed part. Measured below 1 MB; eight times that.
   */
  static final long FIXED_BYTES = 8L << 20;

  /**
   * Per planned second (warm-up and measured): a row of samples.csv, the {@code -s} rows of
   * results.csv and of each type's file, the windows' histograms, database.csv, the report's
   * series. About 3 KB with LinkBench's ten types at the defaults; twice that and more.
   */
  static final long BYTES_PER_SECOND = 8L << 10;

  /** A raw.csv row (type, name, start, latency, worker, phase): about 45 bytes, rounded up. */
  static final long RAW_ROW_BYTES = 64;

  /**
   * Requests per second per terminal assumed for raw.csv in a phase without a rate: about what one
   * terminal does against a local database; a faster one makes raw.csv larger than estimated, and
   * its loss is then said at the end (raw.csv is written last).
   */
  static final long UNLIMITED_REQUESTS_PER_TERMINAL = 1_000;

  /** The probe file's size. */
  static final int PROBE_BYTES = 1 << 20;

  /** What a run's files are estimated to take. */
  record Estimate(long bytes, long rawBytes) {}

  private ResultsRoom() {}

  /** The bytes the result files of these workloads need, raw.csv's part apart. */
  static Estimate estimate(List<WorkloadConfiguration> confs, boolean rawOutput) {
    long seconds = 0;
    long rawRows = 0;
    for (WorkloadConfiguration wc : confs) {
      for (Phase p : wc.getPhases()) {
        if (p.getTime() <= 0) {
          continue; // serial: as long as its requests take, a few rows
        }
        seconds += p.getTime() + p.getWarmupTime();
        if (p.isDisabled()) {
          continue; // its windows are written, empty; no request, no raw row
        }
        double perSecond =
            p.isRateLimited()
                ? p.getRate()
                : (double) p.getActiveTerminals() * UNLIMITED_REQUESTS_PER_TERMINAL;
        rawRows += (long) Math.min(Long.MAX_VALUE / 2.0, perSecond * p.getTime());
      }
    }
    long raw = rawOutput ? saturatedTimes(rawRows, RAW_ROW_BYTES) : 0;
    long bytes = FIXED_BYTES + saturatedTimes(seconds, BYTES_PER_SECOND);
    return new Estimate(saturatedPlus(bytes, raw), raw);
  }

  /**
   * Refuses a directory (that exists) without room for {@code need}, in one line naming it, what it
   * has and what the run needs.
   */
  static void check(Path dir, Estimate need) throws ConfigurationError {
    long usable;
    try {
      FileStore store = Files.getFileStore(dir);
      usable = store.getUsableSpace();
    } catch (IOException | SecurityException e) {
      // a store that cannot say: the probe below still has to fit
      usable = Long.MAX_VALUE;
    }
    if (usable < need.bytes()) {
      throw new ConfigurationError(
          "results directory "
              + dir
              + " (option -d/--directory) has "
              + mb(usable)
              + " free; this run's files need about "
              + mb(need.bytes())
              + (need.rawBytes() > 0
                  ? " ("
                      + mb(need.rawBytes())
                      + " of them raw.csv; --raw-output=false leaves it out)"
                  : "")
              + "; free some space or choose another -d");
    }
    Path probe = null;
    try {
      probe = Files.createTempFile(dir, ".benchbase-room-check", ".tmp");
      try (OutputStream out = Files.newOutputStream(probe)) {
        byte[] block = new byte[64 << 10];
        for (int written = 0; written < PROBE_BYTES; written += block.length) {
          out.write(block);
        }
      }
    } catch (IOException | SecurityException e) {
      throw new ConfigurationError(
          "results directory "
              + dir
              + " (option -d/--directory) is not writable: a "
              + mb(PROBE_BYTES)
              + " probe file could not be written ("
              + reason(e)
              + ")");
    } finally {
      if (probe != null) {
        try {
          Files.deleteIfExists(probe);
        } catch (IOException e) {
          // left behind: a hidden temporary file, named as such
        }
      }
    }
  }

  private static String reason(Exception e) {
    if (e instanceof FileSystemException fse && fse.getReason() != null) {
      return fse.getReason();
    }
    String m = e.getMessage();
    return m == null ? OneLine.describe(e) : OneLine.of(m);
  }

  private static String mb(long bytes) {
    return String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
  }

  private static long saturatedTimes(long a, long b) {
    return a > Long.MAX_VALUE / b ? Long.MAX_VALUE / 2 : a * b;
  }

  private static long saturatedPlus(long a, long b) {
    return a > Long.MAX_VALUE - b ? Long.MAX_VALUE / 2 : a + b;
  }
}
