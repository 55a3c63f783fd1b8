package com.oltpbenchmark;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The command line run in this JVM (System.out/err captured) or as a separate java process. */
final class CliRun {
  final int code;
  final String out;
  final String err;

  private CliRun(int code, String out, String err) {
    this.code = code;
    this.out = out;
    this.err = err;
  }

  /** DBWorkload.run in this JVM; log lines are not captured (the appender keeps its stream). */
  static synchronized CliRun inProcess(String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code;
    try {
      System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
      code = DBWorkload.run(args);
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
    return new CliRun(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** The command line as its own process; {@code out} holds stdout and stderr interleaved. */
  static CliRun process(long timeoutSeconds, String... args)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(DBWorkload.class.getName());
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.directory(new File(System.getProperty("user.dir")));
    pb.redirectErrorStream(true);
    Process p = pb.start();
    StringBuilder text = new StringBuilder();
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader r =
                  new BufferedReader(
                      new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                  synchronized (text) {
                    text.append(line).append('\n');
                  }
                }
              } catch (IOException ignore) {
                // the process ended
              }
            });
    reader.start();
    try {
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        throw new AssertionError("the process did not end within " + timeoutSeconds + " s");
      }
      reader.join(5000);
    } finally {
      p.destroyForcibly();
    }
    synchronized (text) {
      return new CliRun(p.exitValue(), text.toString(), "");
    }
  }

  /** The non-empty lines of stderr. */
  List<String> errLines() {
    List<String> lines = new ArrayList<>();
    for (String l : err.split("\n")) {
      if (!l.isBlank()) {
        lines.add(l);
      }
    }
    return lines;
  }

  @Override
  public String toString() {
    return "exit " + code + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
  }
}
