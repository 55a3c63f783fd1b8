package com.oltpbenchmark.api.collectors.resources;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a process and everything it started spent, read from Linux's /proc: one immutable reading,
 * or the difference of two ({@link #minus}).
 *
 * <p>CPU counts the processes that have exited: a parent's {@code cutime}/{@code cstime} hold the
 * CPU of the children it has reaped (PostgreSQL's postmaster reaps every backend), and the live
 * descendants are walked and added, each with its own reaped children, so a backend is counted
 * while it runs and, through its parent, after it has gone. A child that has exited but is not yet
 * reaped is still in /proc (a zombie) with its times. Bytes read and written ({@code
 * /proc/[pid]/io}) are kept the same way by the kernel. Context switches are those of the live
 * processes' threads only: the kernel keeps no per-process total of exited children's switches in
 * /proc.
 *
 * @param rootPid the process the reading started from
 * @param processes live processes in the tree when read (the root included)
 * @param userMicros user CPU, microseconds
 * @param systemMicros system (kernel) CPU, microseconds
 * @param readBytes bytes the tree caused to be read from storage, -1 when /proc/[pid]/io is not
 *     readable (another user's process without the privilege)
 * @param writeBytes bytes the tree caused to be written to storage, -1 when not readable
 * @param readChars bytes passed to read-like system calls (page cache and sockets included), -1
 *     when not readable
 * @param writeChars bytes passed to write-like system calls, -1 when not readable
 * @param voluntarySwitches context switches where a thread gave up the CPU (waiting)
 * @param involuntarySwitches context switches where a thread was preempted
 * @param nanoTime {@link System#nanoTime} of the reading; in a difference, the window's length
 */
public record ProcessResources(
    long rootPid,
    int processes,
    long userMicros,
    long systemMicros,
    long readBytes,
    long writeBytes,
    long readChars,
    long writeChars,
    long voluntarySwitches,
    long involuntarySwitches,
    long nanoTime) {

  /** How often a reading is retaken when the root reaped a child while the tree was walked. */
  private static final int ATTEMPTS = 5;

  /** The process {@code pid} has gone or is not visible in /proc. */
  public static final class NoSuchProcess extends Exception {
    private static final long serialVersionUID = 1L;

    NoSuchProcess(long pid) {
      super("no process " + pid + " in /proc");
    }
  }

  /** Reads {@code pid} and its live descendants. */
  public static ProcessResources sample(long pid) throws NoSuchProcess {
    for (int attempt = 1; ; attempt++) {
      long[] before = reapedTicks(pid);
      ProcessResources r = walk(pid);
      // a child reaped during the walk would be missed or counted twice: read again
      if (java.util.Arrays.equals(before, reapedTicks(pid)) || attempt == ATTEMPTS) {
        return r;
      }
    }
  }

  public long cpuMicros() {
    return userMicros + systemMicros;
  }

  /** Whether the byte counters could be read. */
  public boolean hasIo() {
    return readBytes >= 0;
  }

  /** This reading less an earlier one of the same root: what was spent in between. */
  public ProcessResources minus(ProcessResources earlier) {
    if (earlier.rootPid != rootPid) {
      throw new IllegalArgumentException(
          "readings of different processes: " + rootPid + " and " + earlier.rootPid);
    }
    boolean io = hasIo() && earlier.hasIo();
    return new ProcessResources(
        rootPid,
        processes,
        userMicros - earlier.userMicros,
        systemMicros - earlier.systemMicros,
        io ? readBytes - earlier.readBytes : -1,
        io ? writeBytes - earlier.writeBytes : -1,
        io ? readChars - earlier.readChars : -1,
        io ? writeChars - earlier.writeChars : -1,
        voluntarySwitches - earlier.voluntarySwitches,
        involuntarySwitches - earlier.involuntarySwitches,
        nanoTime - earlier.nanoTime);
  }

  /** The figures by name (byte counters only when readable), for JSON and for scripts. */
  public Map<String, Object> toMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("pid", rootPid);
    m.put("processes", processes);
    m.put("user_us", userMicros);
    m.put("system_us", systemMicros);
    if (hasIo()) {
      m.put("read_bytes", readBytes);
      m.put("write_bytes", writeBytes);
      m.put("rchar", readChars);
      m.put("wchar", writeChars);
    }
    m.put("voluntary_switches", voluntarySwitches);
    m.put("involuntary_switches", involuntarySwitches);
    m.put("nanotime", nanoTime);
    return m;
  }

  private static long[] reapedTicks(long pid) throws NoSuchProcess {
    String[] f = stat(pid);
    if (f == null) {
      throw new NoSuchProcess(pid);
    }
    return new long[] {Long.parseLong(f[13]), Long.parseLong(f[14])};
  }

  private static String[] stat(long pid) {
    String s = ProcFs.read(ProcFs.ROOT.resolve(Long.toString(pid)).resolve("stat"));
    return s == null ? null : ProcFs.statFields(s);
  }

  private static ProcessResources walk(long root) throws NoSuchProcess {
    long now = System.nanoTime();
    Map<Long, String[]> stats = new HashMap<>();
    Map<Long, List<Long>> children = new HashMap<>();
    try (DirectoryStream<Path> dirs = Files.newDirectoryStream(ProcFs.ROOT, "[0-9]*")) {
      for (Path d : dirs) {
        long pid = Long.parseLong(d.getFileName().toString());
        String[] f = stat(pid);
        if (f != null) {
          stats.put(pid, f);
          children.computeIfAbsent(Long.parseLong(f[1]), k -> new ArrayList<>()).add(pid);
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("cannot list /proc: " + e.getMessage(), e);
    }
    if (!stats.containsKey(root)) {
      throw new NoSuchProcess(root);
    }
    long user = 0, system = 0, rb = 0, wb = 0, rc = 0, wc = 0, vol = 0, invol = 0;
    boolean io = true;
    int n = 0;
    ArrayDeque<Long> todo = new ArrayDeque<>(List.of(root));
    while (!todo.isEmpty()) {
      long pid = todo.pop();
      String[] f = stats.get(pid);
      n++;
      user += Long.parseLong(f[11]) + Long.parseLong(f[13]);
      system += Long.parseLong(f[12]) + Long.parseLong(f[14]);
      Path dir = ProcFs.ROOT.resolve(Long.toString(pid));
      String ioText = ProcFs.read(dir.resolve("io"));
      if (ioText == null) {
        io = io && !Files.exists(dir); // gone meanwhile: its bytes move to its parent, later
      } else {
        rb += ProcFs.field(ioText, "read_bytes");
        wb += ProcFs.field(ioText, "write_bytes");
        rc += ProcFs.field(ioText, "rchar");
        wc += ProcFs.field(ioText, "wchar");
      }
      long[] sw = switches(dir);
      vol += sw[0];
      invol += sw[1];
      todo.addAll(children.getOrDefault(pid, List.of()));
    }
    return new ProcessResources(
        root,
        n,
        ProcFs.ticksToMicros(user),
        ProcFs.ticksToMicros(system),
        io ? rb : -1,
        io ? wb : -1,
        io ? rc : -1,
        io ? wc : -1,
        vol,
        invol,
        now);
  }

  /** Voluntary and involuntary switches summed over a process's live threads. */
  private static long[] switches(Path processDir) {
    long[] sw = new long[2];
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(processDir.resolve("task"))) {
      for (Path t : tasks) {
        String status = ProcFs.read(t.resolve("status"));
        if (status != null) {
          sw[0] += Math.max(0, ProcFs.field(status, "voluntary_ctxt_switches"));
          sw[1] += Math.max(0, ProcFs.field(status, "nonvoluntary_ctxt_switches"));
        }
      }
    } catch (IOException e) {
      // the process went while it was read: its switches are no longer anywhere
    }
    return sw;
  }
}
