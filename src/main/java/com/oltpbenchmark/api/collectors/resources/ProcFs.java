package com.oltpbenchmark.api.collectors.resources;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Small readers of Linux's /proc files, shared by the process and host figures. */
final class ProcFs {
  static final Path ROOT = Paths.get("/proc");

  private static volatile long ticksPerSecond;

  private ProcFs() {}

  /** The file's text, or null when it is missing or unreadable (a process that has gone). */
  static String read(Path file) {
    try {
      return new String(Files.readAllBytes(file), StandardCharsets.US_ASCII);
    } catch (IOException | SecurityException e) {
      return null;
    }
  }

  /**
   * The fields of a /proc/[pid]/stat line after the command name (which may hold spaces and
   * parentheses), so that index 0 is the state, 1 the parent pid, 11 utime, 12 stime, 13 cutime, 14
   * cstime and 19 the start time, all in clock ticks.
   */
  static String[] statFields(String stat) {
    int close = stat.lastIndexOf(')');
    return close < 0 ? null : words(stat, close + 1, stat.length());
  }

  /**
   * The words of {@code text} between {@code from} and {@code to}, split at spaces, tabs and line
   * ends. Not String.split's regular expression: the samplers split a few dozen lines a second
   * throughout a run, and C2 compiled the regex engine inside the measured window.
   */
  static String[] words(String text, int from, int to) {
    // a /proc/[pid]/stat line has 52 fields
    List<String> out = new ArrayList<>(52);
    int i = from;
    while (i < to) {
      while (i < to && isSpace(text.charAt(i))) {
        i++;
      }
      int start = i;
      while (i < to && !isSpace(text.charAt(i))) {
        i++;
      }
      if (i > start) {
        out.add(text.substring(start, i));
      }
    }
    return out.toArray(new String[0]);
  }

  private static boolean isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
  }

  /** USER_HZ, the unit of /proc's CPU times: from {@code getconf CLK_TCK}, else Linux's 100. */
  static long ticksPerSecond() {
    long t = ticksPerSecond;
    if (t == 0) {
      t = askGetconf();
      ticksPerSecond = t;
    }
    return t;
  }

  private static long askGetconf() {
    try {
      Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).trim();
      if (p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0 && out.matches("[1-9][0-9]*")) {
        return Long.parseLong(out);
      }
    } catch (IOException e) {
      // no getconf on this system: Linux's USER_HZ is 100 on every architecture it runs on
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return 100;
  }

  static long ticksToMicros(long ticks) {
    return ticks * 1_000_000L / ticksPerSecond();
  }

  /** The machine's boot time in epoch milliseconds (the {@code btime} line of /proc/stat). */
  static long bootEpochMillis() {
    String stat = read(ROOT.resolve("stat"));
    if (stat != null) {
      for (String line : stat.split("\n")) {
        if (line.startsWith("btime ")) {
          return Long.parseLong(line.substring(6).trim()) * 1000L;
        }
      }
    }
    return -1;
  }

  /** The value of a "name: value" line of a /proc status or io file, -1 when absent. */
  static long field(String text, String name) {
    if (text == null) {
      return -1;
    }
    int at = text.startsWith(name + ":") ? 0 : text.indexOf("\n" + name + ":");
    if (at < 0) {
      return -1;
    }
    int start = text.indexOf(':', at) + 1;
    int end = text.indexOf('\n', start);
    String v = (end < 0 ? text.substring(start) : text.substring(start, end)).trim();
    int space = v.indexOf(' ');
    return Long.parseLong(space < 0 ? v : v.substring(0, space));
  }
}
