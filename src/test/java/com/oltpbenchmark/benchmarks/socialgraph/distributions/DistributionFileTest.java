package com.oltpbenchmark.benchmarks.socialgraph.distributions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.oltpbenchmark.benchmarks.socialgraph.distributions.DistributionFile.Section;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DistributionFileTest {
  /** LinkBench's published file, when the reference data is present (never committed). */
  static final Path REAL_FILE = Path.of("../shared/data/linkbench/Distribution.dat");

  @TempDir Path dir;

  private Path write(String name, String text) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, text);
    return p;
  }

  @Test
  void readsSectionsAsStepCdfs() throws IOException {
    Path p = write("d.dat", "nlinks\n0 40\n1 70\n5 90.0\n9 100\nlink_nreads 0 95.5 3 100\n");
    DistributionFile f = DistributionFile.read(p);
    assertTrue(f.has(Section.NLINKS));
    assertTrue(f.has(Section.LINK_NREADS));
    assertFalse(f.has(Section.NODE_NREADS));
    PiecewiseLinearDistribution nl = f.section(Section.NLINKS);
    assertEquals(0.4, nl.cdf(0), 1e-12);
    assertEquals(0.7, nl.cdf(4), 1e-12);
    assertEquals(0.9, nl.cdf(5), 1e-12);
    assertEquals(0.3 * 1 + 0.2 * 5 + 0.1 * 9, nl.mean(), 1e-12);
    assertEquals(0.955, f.section(Section.LINK_NREADS).cdf(2), 1e-12);
  }

  @Test
  void malformedFilesNameFileAndLine() throws IOException {
    assertError("nlinks\n0 40\n1 70\nbogus 3\n", ":4:", "bogus");
    assertError("nlinks\n0 40\n0 70\n1 100\n", ":3:", "ascend");
    assertError("nlinks\n0 40\n1 30\n2 100\n", ":3:", "decreases");
    assertError("nlinks\n0 40\n1 x\n", ":3:", "cumulative percentage");
    assertError("nlinks\n0 40\n1 90\n", ":1:", "not 100%");
    assertError("5 40\n", ":1:", "before any section");
    assertError("nlinks\n0 140\n", ":2:", "outside [0, 100]");
    assertError("nlinks 0 100\nnlinks 0 100\n", ":2:", "twice");
  }

  private void assertError(String text, String where, String what) throws IOException {
    Path p = write("bad.dat", text);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> DistributionFile.read(p));
    assertTrue(e.getMessage().contains(p.toString() + where), e.getMessage());
    assertTrue(e.getMessage().contains(what), e.getMessage());
  }

  @Test
  void publishedFileHasLinkBenchsMeanDegree() {
    assumeTrue(
        Files.exists(REAL_FILE),
        "LinkBench's Distribution.dat is not at " + REAL_FILE.toAbsolutePath() + "; skipping");
    DistributionFile f = DistributionFile.read(REAL_FILE);
    for (Section s : Section.values()) {
      assertTrue(f.has(s), s.key());
    }
    // LinkBench's published file: the nlinks section implies about 4.10 links per node, 45.3% with
    // none
    assertEquals(4.10, f.section(Section.NLINKS).mean(), 0.01);
    assertEquals(0.453, f.section(Section.NLINKS).cdf(0), 0.001);
  }
}
