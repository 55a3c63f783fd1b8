package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import com.oltpbenchmark.benchmarks.socialgraph.audit.CheckResult;
import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The run's online read checks: the recent writes every worker records, the counts every worker's
 * {@link ReadChecker} adds to, and what the database's setting allows, gathered from every
 * connection the workers read on. One per run, shared by its workers.
 */
public final class ReadAnomalies {

  private final RecentWrites recent;
  private final AnomalyCounts counts = new AnomalyCounts();
  private final Map<Anomaly, Set<String>> allowedBy = new EnumMap<>(Anomaly.class);

  /**
   * @param process this driver process's index (0 alone)
   * @param nonce drawn once per run, so that an earlier run's stamps never read as this run's
   */
  public ReadAnomalies(int process, long nonce) {
    this.recent = new RecentWrites(new WriteStamp(process, nonce));
    for (Anomaly a : Anomaly.values()) {
      allowedBy.put(a, new TreeSet<>());
    }
  }

  public RecentWrites recent() {
    return recent;
  }

  public AnomalyCounts counts() {
    return counts;
  }

  /** A terminal's checker. */
  public ReadChecker checker(int terminal) {
    return new ReadChecker(recent, counts, terminal);
  }

  /**
   * Asks a connection pair what its setting allows and adds it to the run's; called once per
   * connection before its first checked request.
   */
  public void probe(DatabaseFamily family, Connection reads, Connection writes) {
    Map<Anomaly, String> allowed = SettingProbe.allowed(family, reads, writes);
    synchronized (allowedBy) {
      allowed.forEach((a, why) -> allowedBy.get(a).add(why));
    }
  }

  /** The setting that allows {@code a} on some connection of this run, or null when none does. */
  public String allowedBy(Anomaly a) {
    synchronized (allowedBy) {
      Set<String> by = allowedBy.get(a);
      return by.isEmpty() ? null : String.join("; ", by);
    }
  }

  /**
   * The running totals, cheap enough to read every second: per class {@code <key> checked} and
   * {@code <key> seen}.
   */
  public Map<String, Long> totals() {
    Map<String, Long> m = new LinkedHashMap<>();
    for (Anomaly a : Anomaly.values()) {
      m.put(a.key() + " checked", counts.checked(a));
      m.put(a.key() + " seen", counts.seen(a));
    }
    return m;
  }

  /** summary.json's {@code Anomalies}: per class, checked, seen, rate, allowed or forbidden. */
  public Map<String, Object> summary() {
    Map<String, Object> m = new LinkedHashMap<>();
    for (Anomaly a : Anomaly.values()) {
      Map<String, Object> c = new LinkedHashMap<>();
      c.put("checked", counts.checked(a));
      c.put("seen", counts.seen(a));
      c.put("per million checked", Math.round(counts.ratePerMillion(a) * 10) / 10.0);
      String by = allowedBy(a);
      c.put("promise", by == null ? "forbidden" : "allowed by " + by);
      c.put("examples", new ArrayList<>(counts.examples(a)));
      m.put(a.key(), c);
    }
    m.put("reads checked", counts.readsChecked());
    m.put("reads not checkable", counts.readsNotCheckable());
    return m;
  }

  /** Why a class is not checked when no read of a run returned a row here. */
  static final String NOT_THIS_RUN =
      "not checked: reads are judged only while a run goes, and no read of a run returned a row"
          + " here (an audit alone, or a run without reads)";

  /** Why a class is not checked when reads ran but none could be judged for it. */
  static final String NONE_JUDGED =
      "not checked: no read of this run could be judged for it (docs/anomalies.md)";

  /**
   * One audit check per class: a case the setting forbids is a violation; one it allows is reported
   * as allowed, with its examples either way.
   */
  public List<CheckResult> auditChecks() {
    List<CheckResult> out = new ArrayList<>();
    boolean nothingRead = counts.readsChecked() == 0 && counts.readsNotCheckable() == 0;
    for (Anomaly a : Anomaly.values()) {
      CheckResult c = new CheckResult(a.key(), "no " + a.label() + " (checked online, per read)");
      long checked = counts.checked(a);
      long seen = counts.seen(a);
      if (checked == 0 && seen == 0) {
        c.skip(nothingRead ? NOT_THIS_RUN : NONE_JUDGED);
      }
      c.addExamined(checked);
      String by = allowedBy(a);
      if (by == null) {
        c.addViolations(seen);
      } else {
        c.allowed(seen, by);
      }
      for (Map<String, Object> e : counts.examples(a)) {
        Map<String, Object> found = new LinkedHashMap<>(e);
        found.remove("key");
        Object expected = found.remove("expectedAtLeast");
        c.example(String.valueOf(e.get("key")), "at least " + expected, found);
      }
      out.add(c);
    }
    return out;
  }
}
