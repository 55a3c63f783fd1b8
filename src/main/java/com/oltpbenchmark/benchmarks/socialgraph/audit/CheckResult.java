package com.oltpbenchmark.benchmarks.socialgraph.audit;

import java.util.ArrayList;
import java.util.List;
import org.json.JSONArray;
import org.json.JSONObject;

/** The outcome of one audit check: what it checks, how much it examined, what it found. */
public final class CheckResult {

  /** Examples kept per check. */
  public static final int MAX_EXAMPLES = 20;

  private final String name;
  private final String description;
  private long examined;
  private long violations;
  private String skipped;
  private boolean notApplicable;
  private long allowedSeen;
  private String allowedBy;

  static final String NOT_CHECKED = "not checked";
  static final String NOT_APPLICABLE = "not applicable";
  private final List<JSONObject> examples = new ArrayList<>();

  public CheckResult(String name, String description) {
    this.name = name;
    this.description = description;
  }

  public String name() {
    return name;
  }

  public long violations() {
    return violations;
  }

  public long examined() {
    return examined;
  }

  /** Why the check was not made, or null when it was. */
  public String skipped() {
    return skipped;
  }

  public List<JSONObject> examples() {
    return examples;
  }

  public CheckResult addExamined(long n) {
    examined += n;
    return this;
  }

  public CheckResult addViolations(long n) {
    violations += n;
    return this;
  }

  /**
   * Marks the check as not made here (status "not checked"; it then counts neither examined nor
   * violations). The reason starts "not checked: ".
   */
  public CheckResult skip(String reason) {
    skipped = reason;
    return this;
  }

  /**
   * Marks the check as having nothing to examine in this database (status "not applicable"), e.g. a
   * TAOBench check on a graph without TAOBench associations. The reason starts "not applicable: ".
   */
  public CheckResult notApplicable(String reason) {
    skipped = reason;
    notApplicable = true;
    return this;
  }

  /**
   * Records {@code seen} cases the database's setting allows ({@code by} names the setting): the
   * check then reports them (status "allowed") without counting them as violations.
   */
  public CheckResult allowed(long seen, String by) {
    allowedSeen += seen;
    allowedBy = by;
    return this;
  }

  /** Cases seen that the setting allows (see {@link #allowed}). */
  public long allowedSeen() {
    return allowedSeen;
  }

  /** The status audit.json shows: passed, failed, allowed, not checked or not applicable. */
  public String status() {
    if (skipped != null) {
      return notApplicable ? NOT_APPLICABLE : NOT_CHECKED;
    }
    if (violations > 0) {
      return "failed";
    }
    return allowedSeen > 0 ? "allowed" : "passed";
  }

  /** Whether the check examined nothing and found nothing, so "passed" would say nothing. */
  public boolean vacuous() {
    return skipped == null && examined == 0 && violations == 0;
  }

  /** Adds an example (kept while fewer than {@link #MAX_EXAMPLES}); does not count it. */
  public void example(String key, Object expected, Object found) {
    if (examples.size() < MAX_EXAMPLES) {
      examples.add(new JSONObject().put("key", key).put("expected", expected).put("found", found));
    }
  }

  public JSONObject toJson() {
    JSONObject o = new JSONObject();
    o.put("name", name);
    o.put("checks", description);
    o.put("examined", examined);
    o.put("violations", violations);
    o.put("status", status());
    if (skipped != null) {
      o.put("skipped", skipped);
    }
    if (allowedBy != null) {
      o.put("seen", allowedSeen);
      o.put("allowedBy", allowedBy);
    }
    o.put("examples", new JSONArray(examples));
    return o;
  }
}
