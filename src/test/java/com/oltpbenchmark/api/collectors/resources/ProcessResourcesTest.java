package com.oltpbenchmark.api.collectors.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Readings of real processes: a shell that starts children which burn CPU, write and exit. */
class ProcessResourcesTest {
  /** dash/bash {@code times}: "0m0.280000s 0m0.010000s" (user, system), shell then children. */
  private static final Pattern TIMES = Pattern.compile("(\\d+)m([0-9.]+)s\\s+(\\d+)m([0-9.]+)s");

  private Process shell;

  @AfterEach
  void stop() throws InterruptedException {
    if (shell != null) {
      shell.descendants().forEach(ProcessHandle::destroyForcibly);
      shell.destroyForcibly();
      shell.waitFor();
    }
  }

  private Process start(String script) throws IOException {
    shell = new ProcessBuilder("sh", "-c", script).redirectErrorStream(true).start();
    return shell;
  }

  /**
   * Spins until the child's own user CPU reaches {@code seconds}: a fixed loop count burned under
   * 0.1 s on a fast machine. Perl is in Debian's essential set (perl-base).
   */
  private static String burnCpuSeconds(double seconds) {
    return "perl -e '1 while (times)[0] < " + seconds + "'";
  }

  private static String burn(int iterations) {
    return "i=0; while [ $i -lt " + iterations + " ]; do i=$((i+1)); done";
  }

  @Test
  void aChildThatBurnedCpuAndExitedIsStillCounted() throws Exception {
    Process p = start("read go; ( " + burnCpuSeconds(0.3) + " ); times; echo reaped; sleep 30");
    ProcessResources before = ProcessResources.sample(p.pid());
    OutputStream in = p.getOutputStream();
    in.write("go\n".getBytes(StandardCharsets.US_ASCII));
    in.flush();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII));
    String shellTimes = out.readLine();
    String childTimes = out.readLine();
    assertEquals("reaped", out.readLine());
    ProcessResources spent = ProcessResources.sample(p.pid()).minus(before);

    // the shell's own account of its exited children, an independent reading
    double children = seconds(childTimes) + seconds(shellTimes);
    assertTrue(children >= 0.1, "the child burned too little to compare: " + childTimes);
    double measured = spent.cpuMicros() / 1e6;
    assertTrue(
        Math.abs(measured - children) <= 0.05 + 0.1 * children,
        "tree CPU " + measured + " s against the shell's own account " + children + " s");
    // the old reading (the root's utime + stime alone) saw almost none of it
    String[] f = ProcFs.statFields(Files.readString(Path.of("/proc/" + p.pid() + "/stat")));
    long ownTicks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
    assertTrue(
        ProcFs.ticksToMicros(ownTicks) < spent.cpuMicros() / 2,
        "the root itself should hold little of the CPU: " + ownTicks + " ticks");
  }

  @Test
  void liveChildrenAreCountedWhileTheyRun() throws Exception {
    Process p = start("( while :; do :; done ) & wait");
    Thread.sleep(300);
    long child = p.children().findFirst().orElseThrow().pid();
    ProcessResources a = ProcessResources.sample(p.pid());
    long childBefore = ownTicks(child);
    Thread.sleep(1500);
    long childAfter = ownTicks(child);
    ProcessResources b = ProcessResources.sample(p.pid());
    assertEquals(2, b.processes(), "the shell and its looping child");
    long childMicros = ProcFs.ticksToMicros(childAfter - childBefore);
    assertTrue(childMicros > 0, "the child spun");
    // the tree holds at least what the child's own counters show over a slightly shorter span
    assertTrue(b.minus(a).cpuMicros() >= childMicros, b.minus(a) + " vs child " + childMicros);
    assertTrue(b.minus(a).nanoTime() >= 1_400_000_000L);
  }

  private static long ownTicks(long pid) throws IOException {
    String[] f = ProcFs.statFields(Files.readString(Path.of("/proc/" + pid + "/stat")));
    return Long.parseLong(f[11]) + Long.parseLong(f[12]);
  }

  @Test
  void childrenComingAndGoingNeverMakeTheFigureGoBackNorDoubleCount() throws Exception {
    Process p = start("while :; do ( " + burn(3_000) + " ); done");
    long wall0 = System.nanoTime();
    ProcessResources first = ProcessResources.sample(p.pid());
    ProcessResources last = first;
    for (int i = 0; i < 40; i++) {
      Thread.sleep(50);
      ProcessResources next = ProcessResources.sample(p.pid());
      assertTrue(
          next.cpuMicros() >= last.cpuMicros(),
          "went back from " + last.cpuMicros() + " to " + next.cpuMicros() + " µs");
      last = next;
    }
    double spent = last.minus(first).cpuMicros() * 1000.0;
    double possible =
        (System.nanoTime() - wall0) * (double) Runtime.getRuntime().availableProcessors();
    assertTrue(spent > 0, "the short-lived children burned nothing?");
    // one clock tick of rounding per sample and process at most
    assertTrue(
        spent <= possible + 20_000_000L, spent + " ns of CPU in " + possible + " ns of cores");
  }

  @Test
  void bytesWrittenByAnExitedChildAndSwitchesAreCounted(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("written");
    Process p =
        start(
            "read go; ( dd if=/dev/zero of='"
                + file
                + "' bs=65536 count=64 conv=fsync 2>/dev/null );"
                + " for i in 1 2 3 4 5 6 7 8 9 10; do sleep 0.01; done; echo done; sleep 30");
    ProcessResources before = ProcessResources.sample(p.pid());
    assertTrue(before.hasIo(), "this test runs as the owner of the process, so io is readable");
    p.getOutputStream().write("go\n".getBytes(StandardCharsets.US_ASCII));
    p.getOutputStream().flush();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.US_ASCII));
    assertEquals("done", out.readLine());
    ProcessResources spent = ProcessResources.sample(p.pid()).minus(before);
    assertTrue(spent.writeChars() >= 64 * 65536, "wchar of the exited dd: " + spent.writeChars());
    // waiting for each sleep gives the CPU up: the shell's own voluntary switches
    assertTrue(spent.voluntarySwitches() >= 10, "switches: " + spent.voluntarySwitches());
  }

  @Test
  void aGoneProcessIsSaidSo() throws Exception {
    Process p = start("exit 0");
    p.waitFor();
    long pid = p.pid();
    shell = null;
    ProcessResources.NoSuchProcess e =
        assertThrows(ProcessResources.NoSuchProcess.class, () -> ProcessResources.sample(pid));
    assertTrue(e.getMessage().contains(Long.toString(pid)));
  }

  @Test
  void differencesNeedTheSameRootAndKeepUnreadableBytesAbsent() {
    ProcessResources a = new ProcessResources(7, 1, 10, 5, -1, -1, -1, -1, 3, 1, 100);
    ProcessResources b = new ProcessResources(7, 2, 30, 9, 50, 60, 70, 80, 5, 2, 300);
    ProcessResources d = b.minus(a);
    assertEquals(20, d.userMicros());
    assertEquals(24, d.cpuMicros());
    assertEquals(200, d.nanoTime());
    assertFalse(d.hasIo(), "bytes unreadable at the start are absent, not a difference");
    assertFalse(d.toMap().containsKey("write_bytes"));
    ProcessResources other = new ProcessResources(8, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    assertThrows(IllegalArgumentException.class, () -> b.minus(other));
  }

  private static double seconds(String timesLine) {
    Matcher m = TIMES.matcher(timesLine == null ? "" : timesLine);
    assertTrue(m.find(), "not a times line: " + timesLine);
    return Integer.parseInt(m.group(1)) * 60
        + Double.parseDouble(m.group(2))
        + Integer.parseInt(m.group(3)) * 60
        + Double.parseDouble(m.group(4));
  }
}
