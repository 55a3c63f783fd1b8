package com.oltpbenchmark.benchmarks.socialgraph.audit;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the stored state of every tracked key (in batches, a bounded sample) and judges it by the
 * rule of {@link WriteTracker}.
 */
public final class LostWriteCheck {

  private static final int BATCH = 100;

  private LostWriteCheck() {}

  /** [acknowledged writes kept, versions never go backwards]. */
  public static List<CheckResult> run(Connection conn, WriteTracker tracker) throws SQLException {
    CheckResult lost =
        new CheckResult(
            "acknowledgedWritesKept",
            "each tracked key holds a state that an acknowledged write not superseded by a later"
                + " acknowledged write, or a write with unknown outcome, could have left (sample of"
                + " up to "
                + tracker.maxKeys()
                + " keys, one in "
                + tracker.sampleOneIn()
                + ")");
    CheckResult versions =
        new CheckResult(
            "versionsNeverGoBackwards",
            "no tracked key holds a version lower than every write that could be its last left"
                + " (keys whose writes set a known version)");
    List<AuditKey> nodes = new ArrayList<>();
    List<AuditKey> links = new ArrayList<>();
    Map<AuditKey, KeyHistory> judged = new HashMap<>();
    long unjudgeable = 0;
    for (Map.Entry<AuditKey, KeyHistory> e : tracker.histories().entrySet()) {
      KeyHistory h = e.getValue();
      if (!h.hasAcknowledgedWrite()) {
        continue;
      }
      if (h.overflowed()) {
        unjudgeable++;
        continue;
      }
      judged.put(e.getKey(), h);
      (e.getKey().node() ? nodes : links).add(e.getKey());
    }
    Map<AuditKey, KeyState> stored = new HashMap<>();
    readNodes(conn, nodes, stored);
    readLinks(conn, links, stored);
    for (Map.Entry<AuditKey, KeyHistory> e : judged.entrySet()) {
      AuditKey key = e.getKey();
      KeyHistory h = e.getValue();
      KeyState found = stored.getOrDefault(key, KeyState.ABSENT);
      lost.addExamined(1);
      long lowest = h.lowestCandidateVersion();
      if (lowest >= 0) {
        versions.addExamined(1);
      }
      if (h.explains(found)) {
        continue;
      }
      lost.addViolations(1);
      lost.example(key.toString(), h.lastAcknowledged().describe(), found.describe(key.node()));
      if (lowest >= 0 && found.present() && found.version() < lowest) {
        versions.addViolations(1);
        versions.example(key.toString(), "version >= " + lowest, "version " + found.version());
      }
    }
    if (unjudgeable > 0) {
      lost.example(
          unjudgeable + " key(s) not judged",
          "at most " + KeyHistory.MAX_OPEN + " writes of unknown outcome per key",
          "more");
    }
    return List.of(lost, versions);
  }

  private static void readNodes(Connection conn, List<AuditKey> keys, Map<AuditKey, KeyState> out)
      throws SQLException {
    for (int from = 0; from < keys.size(); from += BATCH) {
      List<AuditKey> batch = keys.subList(from, Math.min(keys.size(), from + BATCH));
      StringBuilder sql =
          new StringBuilder("SELECT id, version, data FROM nodetable WHERE id IN (");
      for (int i = 0; i < batch.size(); i++) {
        sql.append(i == 0 ? "?" : ", ?");
      }
      sql.append(")");
      try (PreparedStatement ps = conn.prepareStatement(sql.toString())) {
        for (int i = 0; i < batch.size(); i++) {
          ps.setLong(i + 1, batch.get(i).id1());
        }
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            out.put(AuditKey.node(rs.getLong(1)), KeyState.of(0, rs.getLong(2), rs.getBytes(3)));
          }
        }
      }
    }
  }

  private static void readLinks(Connection conn, List<AuditKey> keys, Map<AuditKey, KeyState> out)
      throws SQLException {
    for (int from = 0; from < keys.size(); from += BATCH) {
      List<AuditKey> batch = keys.subList(from, Math.min(keys.size(), from + BATCH));
      StringBuilder sql =
          new StringBuilder(
              "SELECT id1, link_type, id2, visibility, version, data FROM linktable WHERE ");
      for (int i = 0; i < batch.size(); i++) {
        sql.append(i == 0 ? "" : " OR ").append("(id1 = ? AND link_type = ? AND id2 = ?)");
      }
      try (PreparedStatement ps = conn.prepareStatement(sql.toString())) {
        int p = 1;
        for (AuditKey k : batch) {
          ps.setLong(p++, k.id1());
          ps.setLong(p++, k.linkType());
          ps.setLong(p++, k.id2());
        }
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            out.put(
                AuditKey.link(rs.getLong(1), rs.getLong(2), rs.getLong(3)),
                KeyState.of(rs.getInt(4), rs.getLong(5), rs.getBytes(6)));
          }
        }
      }
    }
  }
}
