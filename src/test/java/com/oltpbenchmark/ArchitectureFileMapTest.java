package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md's file map names every script under {@code scripts/} (at any depth) and
 * every resource folder that holds a file, by its path from the repository's root, so the map
 * cannot fall behind the tree.
 */
class ArchitectureFileMapTest {

  private static final Path DOC = Path.of("docs", "architecture.md");

  @Test
  void everyScriptIsNamed() throws IOException {
    List<String> scripts = files(Path.of("scripts"));
    assertFalse(scripts.isEmpty(), "scripts/ holds the project's scripts");
    assertEquals(List.of(), unnamed(scripts), "scripts missing from " + DOC);
  }

  @Test
  void everyResourceFolderIsNamed() throws IOException {
    List<String> folders = new ArrayList<>();
    for (String file : files(Path.of("src", "main", "resources"))) {
      String folder = file.substring(0, file.lastIndexOf('/') + 1);
      if (!folders.contains(folder)) {
        folders.add(folder);
      }
    }
    assertFalse(folders.isEmpty(), "src/main/resources holds the module's resources");
    assertEquals(List.of(), unnamed(folders), "resource folders missing from " + DOC);
  }

  /** The regular files below {@code root}, as '/'-separated paths from the repository's root. */
  private static List<String> files(Path root) throws IOException {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(Files::isRegularFile)
          .map(p -> p.toString().replace('\\', '/'))
          .sorted()
          .toList();
    }
  }

  private static List<String> unnamed(List<String> paths) throws IOException {
    String doc = Files.readString(DOC);
    return paths.stream().filter(p -> !doc.contains(p)).toList();
  }
}
