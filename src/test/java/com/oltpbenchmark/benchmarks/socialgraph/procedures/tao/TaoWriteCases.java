package com.oltpbenchmark.benchmarks.socialgraph.procedures.tao;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.Precondition;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOpKind;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * TAOBench's write semantics as one table of cases ({@value #RESOURCE}): an op with its
 * preconditions, the rows before, and the outcome and rows after. {@link TaoWriteSemanticsContract}
 * holds the Java steps and both routine files to every case; docs/sql.md shows the table.
 */
public final class TaoWriteCases {

  /** The table, a test resource. */
  public static final String RESOURCE = "/benchmarks/socialgraph/tao-write-cases.txt";

  private TaoWriteCases() {}

  /**
   * One row's state: absent, or present at {@code version} (an object is always visible), with the
   * op's payload ({@code written}) or the one it had.
   */
  public record Row(boolean present, int visibility, int version, boolean written) {
    static final Row ABSENT = new Row(false, Link.HIDDEN, -1, false);

    static Row parse(String text, boolean object) {
      String[] w = text.trim().split("\\s+");
      if (w[0].equals("absent") || w[0].equals("-")) {
        return ABSENT;
      }
      int at = object ? 0 : 1;
      int visibility =
          object || w[0].equals("visible")
              ? Link.VISIBLE
              : w[0].equals("hidden") ? Link.HIDDEN : bad(text);
      if (!w[at].startsWith("v")) {
        bad(text);
      }
      boolean written = w.length > at + 1 && w[at + 1].equals("new");
      return new Row(true, visibility, Integer.parseInt(w[at].substring(1)), written);
    }

    boolean visible() {
      return present && visibility == Link.VISIBLE;
    }
  }

  /**
   * One case: the line it came from, the op, its preconditions, the expected version (-1: none
   * given) and visibility, the row written and its inverse before, the other visible associations
   * of the type leaving id1 and id2, the failure (null: it commits), and the rows and counts after.
   */
  public record Case(
      int line,
      String text,
      TaoOpKind kind,
      Set<Precondition> preconditions,
      long expectedVersion,
      int expectedVisibility,
      Row before,
      Row inverseBefore,
      int othersOfId1,
      int othersOfId2,
      PreconditionFailure failure,
      Row after,
      Row inverseAfter,
      long countOfId1,
      long countOfId2) {

    public boolean onObject() {
      return kind == TaoOpKind.OBJECT_ADD
          || kind == TaoOpKind.OBJECT_UPDATE
          || kind == TaoOpKind.OBJECT_DELETE;
    }

    /** The case's line without its padding. */
    public String summary() {
      return text.replaceAll("\\s+", " ").trim();
    }
  }

  /** The cases, in the table's order. */
  public static List<Case> load() {
    try (InputStream in = TaoWriteCases.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The table's text, comments included (what docs/sql.md shows). */
  public static String text() {
    try (InputStream in = TaoWriteCases.class.getResourceAsStream(RESOURCE)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Case> parse(String table) {
    List<Case> cases = new ArrayList<>();
    String[] lines = table.split("\n");
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      try {
        cases.add(parseCase(i + 1, line));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(RESOURCE + ":" + (i + 1) + ": " + e.getMessage(), e);
      }
    }
    return cases;
  }

  private static Case parseCase(int number, String line) {
    String[] c = line.split("\\|", -1);
    if (c.length != 6) {
      throw new IllegalArgumentException("6 columns expected, found " + c.length);
    }
    TaoOpKind kind = kind(c[0].trim());
    boolean object =
        kind == TaoOpKind.OBJECT_ADD
            || kind == TaoOpKind.OBJECT_UPDATE
            || kind == TaoOpKind.OBJECT_DELETE;
    Set<Precondition> pre = EnumSet.noneOf(Precondition.class);
    if (!c[1].trim().equals("-")) {
      for (String p : c[1].trim().split(",")) {
        pre.add(Precondition.valueOf(p.trim()));
      }
    }
    String[] expected = c[2].trim().split("\\s+");
    long version = expected[0].equals("-") ? -1 : Long.parseLong(expected[0]);
    int visibility =
        expected.length < 2 || expected[1].equals("visible")
            ? Link.VISIBLE
            : expected[1].equals("hidden") ? Link.HIDDEN : bad(c[2]);
    String[] before = c[3].split(";");
    String[] others = before[2].trim().split("\\s+");
    String outcome = c[4].trim();
    PreconditionFailure failure =
        outcome.equals("ok") ? null : PreconditionFailure.valueOf(outcome);
    Row row = Row.parse(before[0], object);
    Row inverse = Row.parse(before[1], false);
    int othersOf1 = Integer.parseInt(others[0]);
    int othersOf2 = Integer.parseInt(others[1]);
    if (failure == null) {
      String[] after = c[5].split(";");
      String[] counts = after[2].trim().split("\\s+");
      return new Case(
          number,
          line,
          kind,
          pre,
          version,
          visibility,
          row,
          inverse,
          othersOf1,
          othersOf2,
          null,
          Row.parse(after[0], object),
          Row.parse(after[1], false),
          Long.parseLong(counts[0]),
          Long.parseLong(counts[1]));
    }
    if (!c[5].isBlank()) {
      throw new IllegalArgumentException("a failed write changes nothing: leave 'after' empty");
    }
    return new Case(
        number,
        line,
        kind,
        pre,
        version,
        visibility,
        row,
        inverse,
        othersOf1,
        othersOf2,
        failure,
        row,
        inverse,
        othersOf1 + (row.visible() && !object ? 1 : 0),
        othersOf2 + (inverse.visible() ? 1 : 0));
  }

  private static TaoOpKind kind(String op) {
    return switch (op) {
      case "object-add" -> TaoOpKind.OBJECT_ADD;
      case "object-update" -> TaoOpKind.OBJECT_UPDATE;
      case "object-delete" -> TaoOpKind.OBJECT_DELETE;
      case "assoc-add" -> TaoOpKind.ASSOC_ADD;
      case "assoc-update" -> TaoOpKind.ASSOC_UPDATE;
      case "assoc-delete" -> TaoOpKind.ASSOC_DELETE;
      default -> throw new IllegalArgumentException("unknown op " + op);
    };
  }

  private static int bad(String text) {
    throw new IllegalArgumentException("cannot read '" + text.trim() + "'");
  }
}
