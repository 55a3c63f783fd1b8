package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The command line ({@link DBWorkload}) sits on top: the classes that set up and run a benchmark
 * use {@link ExitCodes} and {@link Plugins}, never the entry point, so they do not call back into
 * the class that calls them.
 */
class EntryPointDependenciesTest {

  @Test
  void nothingInTheRuntimeCallsBackIntoTheEntryPoint() throws Exception {
    List<String> callers = new ArrayList<>();
    try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
      for (Path f : (Iterable<Path>) files.filter(p -> p.toString().endsWith(".java"))::iterator) {
        if (f.getFileName().toString().equals("DBWorkload.java")) {
          continue;
        }
        String text = Files.readString(f);
        if (text.contains("DBWorkload.")) {
          callers.add(f.toString());
        }
      }
    }
    assertEquals(List.of(), callers);
  }
}
