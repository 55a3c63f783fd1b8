package com.oltpbenchmark.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Feeds a Flight Recorder file's execution samples ({@code jdk.ExecutionSample}) and allocation
 * samples ({@code jdk.ObjectAllocationSample}) into a {@link PartProfile}, one event at a time, so
 * that a recording of any length is read in constant memory.
 */
public final class JfrSamples {
  static final String EXECUTION = "jdk.ExecutionSample";
  static final String ALLOCATION = "jdk.ObjectAllocationSample";

  private JfrSamples() {}

  /** Reads every sample of {@code recording} into {@code profile}; returns the events read. */
  public static long read(Path recording, PartProfile profile) throws IOException {
    long n = 0;
    try (RecordingFile in = new RecordingFile(recording)) {
      while (in.hasMoreEvents()) {
        RecordedEvent e = in.readEvent();
        String type = e.getEventType().getName();
        if (type.equals(EXECUTION)) {
          profile.cpuSample(
              name(e.getThread("sampledThread")),
              e.getStartTime().toEpochMilli(),
              frames(e.getStackTrace()));
          n++;
        } else if (type.equals(ALLOCATION)) {
          profile.allocation(
              name(e.getThread()),
              e.getStartTime().toEpochMilli(),
              e.getClass("objectClass") == null ? "?" : e.getClass("objectClass").getName(),
              e.getLong("weight"),
              frames(e.getStackTrace()));
          n++;
        }
      }
    }
    return n;
  }

  private static String name(RecordedThread t) {
    return t == null ? null : t.getJavaName();
  }

  private static List<PartRules.Frame> frames(RecordedStackTrace trace) {
    List<PartRules.Frame> out = new ArrayList<>();
    if (trace == null) {
      return out;
    }
    for (RecordedFrame f : trace.getFrames()) {
      if (f.getMethod() != null && f.getMethod().getType() != null) {
        out.add(new PartRules.Frame(f.getMethod().getType().getName(), f.getMethod().getName()));
      }
    }
    return out;
  }
}
