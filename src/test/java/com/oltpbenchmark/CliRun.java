package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.oltpbenchmark.testutil.RunArgs;
import com.oltpbenchmark.testutil.TestDatabase;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;

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

  /** {@code -b socialgraph -c config -d results} and {@code actions}, in this JVM. */
  static CliRun socialgraph(Path config, Path results, String... actions) {
    return inProcess(RunArgs.socialgraph(config, results, actions));
  }

  /** {@code --merge} of the result sets in {@code parts} into {@code out}, in this JVM. */
  static CliRun merge(Path out, Path... parts) {
    List<String> names = new ArrayList<>();
    for (Path part : parts) {
      names.add(part.toString());
    }
    return inProcess("--merge", String.join(",", names), "-d", out.toString());
  }

  /** As {@link #socialgraph}, as its own java process (at most 300 s). */
  static CliRun socialgraphProcess(Path config, Path results, String... actions)
      throws IOException, InterruptedException {
    return process(300, RunArgs.socialgraph(config, results, actions));
  }

  /** As {@link #socialgraphProcess} with JVM options (e.g. system properties) first. */
  static CliRun socialgraphProcess(
      List<String> jvmOptions, Path config, Path results, String... actions)
      throws IOException, InterruptedException {
    return process(300, jvmOptions, RunArgs.socialgraph(config, results, actions));
  }

  /**
   * The sample {@code config/<sample>/sample_socialgraph_config.xml} pointed at {@code db}, with
   * {@code scalefactor}, every phase 1 s long after a 1 s warm-up (the samples' own warm-up is
   * sized for the JIT of a real run, not for a test), written into {@code dir}.
   */
  static Path sampleConfig(Path dir, String sample, TestDatabase db, String scalefactor)
      throws IOException {
    String xml = Files.readString(Path.of("config", sample, "sample_socialgraph_config.xml"));
    xml = element(xml, "url", db.url.replace("&", "&amp;"));
    xml = element(xml, "scalefactor", scalefactor);
    xml = xml.replaceAll("<time>\\d+</time>", "<time>1</time>");
    xml = xml.replaceAll("<warmup>\\d+</warmup>", "<warmup>1</warmup>");
    return Files.writeString(dir.resolve(sample + "-" + scalefactor + ".xml"), xml);
  }

  /** {@code xml} with the text of the first {@code <name>} element replaced. */
  static String element(String xml, String name, String value) {
    return xml.replaceFirst(
        "<" + name + ">[^<]*</" + name + ">",
        Matcher.quoteReplacement("<" + name + ">" + value + "</" + name + ">"));
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
    return process(timeoutSeconds, List.of(), args);
  }

  /** As {@link #process(long, String...)} with JVM options (e.g. system properties) first. */
  static CliRun process(long timeoutSeconds, List<String> jvmOptions, String... args)
      throws IOException, InterruptedException {
    Process p = start(javaCommand(jvmOptions, args));
    StringBuilder text = new StringBuilder();
    Thread reader = copyLines(p, text);
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

  /** The command that runs DBWorkload with this JVM's java and class path. */
  static List<String> javaCommand(List<String> jvmOptions, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(jvmOptions);
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(DBWorkload.class.getName());
    cmd.addAll(List.of(args));
    return cmd;
  }

  /** Starts {@code cmd} in the working directory of the tests, stderr merged into stdout. */
  static Process start(List<String> cmd) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.directory(new File(System.getProperty("user.dir")));
    pb.redirectErrorStream(true);
    return pb.start();
  }

  /**
   * A started thread that appends each line {@code p} prints to {@code text} until the process
   * ends; the caller reads {@code text} under its lock, as the thread writes it.
   */
  static Thread copyLines(Process p, StringBuilder text) {
    return copyLines(
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)),
        text);
  }

  /** As {@link #copyLines(Process, StringBuilder)}, from lines already partly read. */
  static Thread copyLines(BufferedReader in, StringBuilder text) {
    Thread t =
        new Thread(
            () -> {
              try (in) {
                String line;
                while ((line = in.readLine()) != null) {
                  synchronized (text) {
                    text.append(line).append('\n');
                  }
                }
              } catch (IOException ignore) {
                // the process ended
              }
            });
    t.start();
    return t;
  }

  /** Asserts that the run ended with {@code exitCode} and one line on stderr; returns that line. */
  String endedWithOneLine(int exitCode) {
    assertEquals(exitCode, code, toString());
    List<String> lines = errLines();
    assertEquals(1, lines.size(), toString());
    return lines.get(0);
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
