package com.oltpbenchmark.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Builds one comparison report from several result sets:
 *
 * <pre>
 * java -cp benchbase.jar com.oltpbenchmark.report.Compare [-o out.html] a.summary.json b.summary.json ...
 * </pre>
 *
 * Each argument is a summary.json of this runtime or of upstream BenchBase; its sibling files with
 * the same base name (samples.csv or results.csv, raw.csv, config.xml) are read when present. Exit
 * code 0 on success, 2 on a usage error, 1 when a file cannot be read or written.
 */
public final class Compare {
  static final int EXIT_OK = 0;
  static final int EXIT_FAILURE = 1;
  static final int EXIT_USAGE = 2;
  static final String USAGE =
      "usage: java -cp benchbase.jar com.oltpbenchmark.report.Compare [-o out.html]"
          + " <a.summary.json> <b.summary.json> ...";

  private Compare() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    Path output = Paths.get("comparison.report.html");
    List<Path> inputs = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("-o") || args[i].equals("--output")) {
        if (i + 1 >= args.length) {
          err.println("compare: " + args[i] + " needs a file name\n" + USAGE);
          return EXIT_USAGE;
        }
        output = Paths.get(args[++i]);
      } else if (args[i].equals("-h") || args[i].equals("--help")) {
        out.println(USAGE);
        return EXIT_OK;
      } else if (args[i].startsWith("-")) {
        err.println("compare: unknown option " + args[i] + "\n" + USAGE);
        return EXIT_USAGE;
      } else {
        inputs.add(Paths.get(args[i]));
      }
    }
    if (inputs.isEmpty()) {
      err.println("compare: no result set given\n" + USAGE);
      return EXIT_USAGE;
    }
    List<Map<String, Object>> runs = new ArrayList<>();
    try {
      for (Path p : inputs) {
        Path summary = summaryOf(p, err);
        if (summary == null) {
          return EXIT_FAILURE;
        }
        runs.add(ResultSetReader.read(summary, true));
      }
      Path parent = output.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.writeString(
          output,
          ReportPage.render("Comparison of " + runs.size() + " runs", runs),
          StandardCharsets.UTF_8);
    } catch (IOException | IllegalArgumentException e) {
      err.println("compare: " + e.getMessage());
      return EXIT_FAILURE;
    }
    out.println("compare: wrote " + output.toAbsolutePath());
    return EXIT_OK;
  }

  /**
   * The summary.json of an argument: the file itself, or the one result set of a directory; null
   * after printing why there is none.
   */
  static Path summaryOf(Path p, PrintStream err) throws IOException {
    if (Files.isRegularFile(p)) {
      return p;
    }
    if (!Files.isDirectory(p)) {
      err.println("compare: " + p + ": no such file or directory");
      return null;
    }
    List<Path> summaries = new ArrayList<>();
    try (Stream<Path> files = Files.list(p)) {
      files
          .filter(f -> f.getFileName().toString().endsWith(ResultSetReader.SUMMARY_SUFFIX))
          .sorted()
          .forEach(summaries::add);
    }
    if (summaries.isEmpty()) {
      err.println(
          "compare: "
              + p
              + ": the directory holds no result set (no *"
              + ResultSetReader.SUMMARY_SUFFIX
              + ")");
      return null;
    }
    if (summaries.size() > 1) {
      List<String> names = new ArrayList<>();
      summaries.forEach(s -> names.add(s.getFileName().toString()));
      err.println(
          "compare: "
              + p
              + ": the directory holds "
              + summaries.size()
              + " result sets "
              + names
              + "; give the summary.json of each one to compare");
      return null;
    }
    return summaries.get(0);
  }
}
