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

  /** Marks the check as not applicable here (it then counts neither examined nor violations). */
  public CheckResult skip(String reason) {
    skipped = reason;
    return this;
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
    o.put("status", skipped != null ? "not checked" : violations > 0 ? "failed" : "passed");
    if (skipped != null) {
      o.put("skipped", skipped);
    }
    o.put("examples", new JSONArray(examples));
    return o;
  }
}
