package com.oltpbenchmark.testutil;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Finding the files one run wrote into its results directory. */
public final class ResultFiles {
  private ResultFiles() {}

  /**
   * The one file in {@code dir} whose name ends with {@code suffix} (e.g. {@code .summary.json}):
   * none, or several (two runs in one directory), fails the test.
   */
  public static Path only(Path dir, String suffix) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      List<Path> found = files.filter(f -> f.getFileName().toString().endsWith(suffix)).toList();
      if (found.size() != 1) {
        throw new AssertionError("expected one *" + suffix + " in " + dir + ", found " + found);
      }
      return found.get(0);
    }
  }
}
