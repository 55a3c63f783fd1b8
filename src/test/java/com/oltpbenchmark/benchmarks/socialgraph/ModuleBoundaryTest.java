package com.oltpbenchmark.benchmarks.socialgraph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The module must compile unchanged inside an upstream BenchBase tree: it may import only runtime
 * classes upstream has (the list in the test resource upstream-classes.txt, taken from upstream
 * BenchBase d2ff90f) and only libraries upstream declares (besides the JDK).
 */
class ModuleBoundaryTest {

  private static final Path MODULE =
      Path.of("src/main/java/com/oltpbenchmark/benchmarks/socialgraph");
  private static final Path UPSTREAM_STYLE_TESTS =
      Path.of("src/test/java/com/oltpbenchmark/benchmarks/socialgraph");
  private static final String UPSTREAM_CLASSES = "/upstream-classes.txt";
  private static final Pattern IMPORT =
      Pattern.compile("^import\\s+(?:static\\s+)?([\\w.]+)(?:\\.\\*)?\\s*;", Pattern.MULTILINE);

  /** Third-party packages upstream BenchBase declares as compile dependencies. */
  private static final List<String> UPSTREAM_LIBRARIES =
      List.of(
          "org.slf4j.",
          "org.apache.commons.configuration2.",
          "org.apache.commons.lang3.",
          "org.apache.commons.io.",
          "org.apache.commons.text.",
          "org.apache.commons.collections4.",
          "org.json.");

  @Test
  void moduleImportsOnlyWhatUpstreamHas() throws IOException {
    Set<String> upstream = upstreamClasses();
    List<String> offending = new ArrayList<>();
    for (Path file : javaFiles()) {
      Matcher m = IMPORT.matcher(Files.readString(file));
      while (m.find()) {
        String imported = m.group(1);
        if (!allowed(imported, upstream)) {
          offending.add(MODULE.relativize(file) + ": " + imported);
        }
      }
    }
    assertEquals(List.of(), offending, "imports that upstream BenchBase cannot satisfy");
  }

  /**
   * The upstream-style tests are copied into upstream with the module, so they may use only
   * upstream's JUnit 4 test harness besides what the module itself may use.
   */
  @Test
  void upstreamStyleTestsImportOnlyWhatUpstreamTestsHave() throws IOException {
    Set<String> upstream = upstreamClasses();
    Set<String> harness =
        Set.of(
            "com.oltpbenchmark.api.AbstractTestCase",
            "com.oltpbenchmark.api.AbstractTestBenchmarkModule",
            "com.oltpbenchmark.api.AbstractTestLoader",
            "com.oltpbenchmark.api.AbstractTestWorker");
    List<String> offending = new ArrayList<>();
    List<Path> tests = new ArrayList<>();
    try (Stream<Path> s = Files.list(UPSTREAM_STYLE_TESTS)) {
      s.filter(p -> p.getFileName().toString().matches("TestSocialGraph\\w*\\.java"))
          .forEach(tests::add);
    }
    assertEquals(3, tests.size(), "upstream-style tests in " + UPSTREAM_STYLE_TESTS + ": " + tests);
    for (Path file : tests) {
      Matcher m = IMPORT.matcher(Files.readString(file));
      while (m.find()) {
        String imported = m.group(1);
        boolean junit4 =
            imported.startsWith("org.junit.") && !imported.startsWith("org.junit.jupiter");
        if (!harness.contains(imported) && !junit4 && !allowed(imported, upstream)) {
          offending.add(file.getFileName() + ": " + imported);
        }
      }
    }
    assertEquals(List.of(), offending, "imports that upstream's test tree cannot satisfy");
  }

  /**
   * The graph, the request generators and their configuration are plain Java: only the benchmark,
   * its worker and loader, and the procedures talk to the runtime.
   */
  @Test
  void modelPackagesImportNothingFromTheRuntime() throws IOException {
    List<String> offending = new ArrayList<>();
    for (Path file : javaFiles()) {
      String pkg = MODULE.relativize(file).getName(0).toString();
      if (!List.of("graph", "linkbench", "taobench", "config", "distributions", "payload", "model")
          .contains(pkg)) {
        continue;
      }
      Matcher m = IMPORT.matcher(Files.readString(file));
      while (m.find()) {
        String imported = m.group(1);
        if (imported.startsWith("com.oltpbenchmark.")
            && !imported.startsWith("com.oltpbenchmark.benchmarks.")) {
          offending.add(MODULE.relativize(file) + ": " + imported);
        }
      }
    }
    assertEquals(List.of(), offending, "runtime imports outside the benchmark's entry classes");
  }

  private static boolean allowed(String imported, Set<String> upstream) {
    if (imported.startsWith("java.")
        || imported.startsWith("javax.")
        || imported.startsWith("com.oltpbenchmark.benchmarks.")) {
      return true;
    }
    if (imported.startsWith("com.oltpbenchmark.")) {
      // a nested class or static member is fine when its enclosing class is upstream's
      for (String k = imported; k.contains("."); k = k.substring(0, k.lastIndexOf('.'))) {
        if (upstream.contains(k)) {
          return true;
        }
      }
      return false;
    }
    return UPSTREAM_LIBRARIES.stream().anyMatch(imported::startsWith);
  }

  private static List<Path> javaFiles() throws IOException {
    try (Stream<Path> s = Files.walk(MODULE)) {
      List<Path> files = s.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList());
      assertFalse(files.isEmpty(), "no module sources under " + MODULE);
      return files;
    }
  }

  private static Set<String> upstreamClasses() throws IOException {
    Set<String> classes = new HashSet<>();
    try (InputStream in = ModuleBoundaryTest.class.getResourceAsStream(UPSTREAM_CLASSES)) {
      assertNotNull(in, "test resource " + UPSTREAM_CLASSES + " is missing");
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        String name = line.trim();
        if (!name.isEmpty() && !name.startsWith("#")) {
          classes.add(name);
        }
      }
    }
    assertTrue(
        classes.contains("com.oltpbenchmark.api.BenchmarkModule"), "bad " + UPSTREAM_CLASSES);
    return classes;
  }
}
