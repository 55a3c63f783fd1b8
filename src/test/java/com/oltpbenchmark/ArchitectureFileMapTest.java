package com.oltpbenchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md's file map ("Where things live") and the tree agree both ways: the map names
 * every script under {@code scripts/} (at any depth), every resource folder that holds a file and
 * every Java package, and every path and class the map names exists, so the map can neither fall
 * behind the tree nor keep a name the tree has lost.
 */
class ArchitectureFileMapTest {

  private static final Path DOC = Path.of("docs", "architecture.md");

  private static final Path JAVA = Path.of("src", "main", "java");

  /** Capitalised words of the Java lines' descriptions that are not class names. */
  private static final Set<String> NOT_CLASSES =
      Set.of("BenchBase", "LinkBench", "TAOBench", "HdrHistogram");

  @Test
  void everyScriptIsNamed() throws IOException {
    List<String> scripts = files(Path.of("scripts"));
    assertFalse(scripts.isEmpty(), "scripts/ holds the project's scripts");
    assertEquals(List.of(), unnamed(scripts, map()), "scripts missing from " + DOC);
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
    assertEquals(List.of(), unnamed(folders, map()), "resource folders missing from " + DOC);
  }

  @Test
  void everyJavaPackageIsNamed() throws IOException {
    List<String> packages = new ArrayList<>();
    for (String file : files(JAVA)) {
      String folder = file.substring(0, file.lastIndexOf('/') + 1);
      if (file.endsWith(".java") && !packages.contains(folder)) {
        packages.add(folder);
      }
    }
    assertFalse(packages.isEmpty());
    assertEquals(List.of(), unnamed(packages, map()), "Java packages missing from " + DOC);
  }

  @Test
  void everyNamedPathExists() throws IOException {
    assertEquals(List.of(), missingPaths(map()), "paths in " + DOC + " that the tree lacks");
  }

  @Test
  void everyClassNamedOnAJavaLineExists() throws IOException {
    assertEquals(List.of(), missingClasses(map()), "classes in " + DOC + " that the tree lacks");
  }

  @Test
  void aNameTheTreeHasLostFails() throws IOException {
    FileMap stale =
        FileMap.parse(
            "## Where things live\n\n"
                + "    scripts/common.sh                        shell functions\n"
                + "    scripts/gone.sh                          a script since removed\n"
                + "    src/main/java/com/oltpbenchmark/         the runtime, RunSteps\n"
                + "        vanished/                            a package since removed\n"
                + "        util/                                NoSuchHelper, CredentialScrubber\n"
                + "\n## Next\n");
    assertEquals(
        List.of("scripts/gone.sh", "src/main/java/com/oltpbenchmark/vanished/"),
        missingPaths(stale));
    assertEquals(List.of("NoSuchHelper"), missingClasses(stale));
  }

  /** One entry of the map: a path from the repository's root and what its lines say. */
  record Entry(String path, boolean javaPackage, String description) {}

  /** The entries of the file map, parsed from the indented block under its heading. */
  record FileMap(List<Entry> entries) {

    /** An entry line: its indentation, the names (separated by one space), its description. */
    private static final Pattern LINE = Pattern.compile("^( {4}| {8}| {12})(\\S+(?: \\S+)*)(.*)$");

    static FileMap parse(String doc) {
      int from = doc.indexOf("## Where things live");
      int to = doc.indexOf("\n## ", from + 1);
      String block = doc.substring(from, to < 0 ? doc.length() : to);
      List<Entry> entries = new ArrayList<>();
      String[] parents = new String[3];
      for (String line : block.split("\n")) {
        int indent = line.length() - line.stripLeading().length();
        if (line.isBlank() || indent > 12) {
          if (indent > 12 && !entries.isEmpty()) {
            Entry last = entries.remove(entries.size() - 1);
            entries.add(
                new Entry(last.path(), last.javaPackage(), last.description() + " " + line.trim()));
          }
          continue;
        }
        Matcher m = LINE.matcher(line);
        if (!m.matches() || indent % 4 != 0) {
          continue;
        }
        int level = indent / 4 - 1;
        for (String name : m.group(2).split(" ")) {
          String path = level == 0 ? name : parents[level - 1] + name;
          boolean javaPackage = path.startsWith(JAVA.toString().replace('\\', '/') + "/");
          entries.add(new Entry(path, javaPackage, m.group(3).trim()));
          if (name.endsWith("/") && level < 2) {
            parents[level] = path;
          }
        }
      }
      return new FileMap(entries);
    }

    Set<String> paths() {
      Set<String> paths = new LinkedHashSet<>();
      entries.forEach(e -> paths.add(e.path()));
      return paths;
    }
  }

  private static FileMap map() throws IOException {
    return FileMap.parse(Files.readString(DOC));
  }

  /**
   * The named paths no file or folder of the tree matches ({@code <db>} and {@code *} match any).
   */
  private static List<String> missingPaths(FileMap map) throws IOException {
    List<String> tree = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(Path.of("."))) {
      walk.filter(p -> !p.startsWith(Path.of(".", ".git")) && !p.startsWith(Path.of(".", "target")))
          .forEach(
              p -> {
                String s = p.toString().replace('\\', '/').replaceFirst("^\\./?", "");
                tree.add(Files.isDirectory(p) ? s + "/" : s);
              });
    }
    List<String> missing = new ArrayList<>();
    for (String path : map.paths()) {
      Pattern pattern =
          Pattern.compile(
              Pattern.quote(path)
                  .replaceAll("<[^>]+>", "\\\\E[^/]+\\\\Q")
                  .replace("*", "\\E[^/]*\\Q"));
      if (tree.stream().noneMatch(t -> pattern.matcher(t).matches())) {
        missing.add(path);
      }
    }
    return missing;
  }

  /** Class-like words on the Java lines without a {@code <Name>.java} anywhere in the tree. */
  private static List<String> missingClasses(FileMap map) throws IOException {
    Set<String> classes = new LinkedHashSet<>();
    for (String file : files(JAVA)) {
      if (file.endsWith(".java")) {
        classes.add(file.substring(file.lastIndexOf('/') + 1, file.length() - ".java".length()));
      }
    }
    Pattern word = Pattern.compile("\\b[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*\\b");
    List<String> missing = new ArrayList<>();
    for (Entry e : map.entries()) {
      if (!e.javaPackage()) {
        continue;
      }
      Matcher m = word.matcher(e.description());
      while (m.find()) {
        String name = m.group();
        if (!classes.contains(name) && !NOT_CLASSES.contains(name) && !missing.contains(name)) {
          missing.add(name);
        }
      }
    }
    return missing;
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

  private static List<String> unnamed(List<String> paths, FileMap map) {
    Set<String> named = map.paths();
    return paths.stream().filter(p -> !named.contains(p)).toList();
  }
}
