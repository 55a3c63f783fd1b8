package com.oltpbenchmark.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where a request's driver time and memory go, from a Flight Recorder recording of a run
 * (scripts/measure/profile-requests.sh makes them; docs/performance.md shows the table):
 *
 * <pre>
 *   java -cp benchbase.jar com.oltpbenchmark.profile.RequestProfile \
 *        profile REC.jfr FROM_MS TO_MS REQUESTS LABEL     one run's profile, JSON on stdout
 *   ... table A.json B.json ...                          their table, markdown on stdout
 * </pre>
 *
 * {@code FROM_MS} and {@code TO_MS} bound the measured window (epoch milliseconds), {@code
 * REQUESTS} is what the run measured in it.
 */
public final class RequestProfile {
  private static final ObjectMapper JSON = new ObjectMapper();

  private RequestProfile() {}

  public static void main(String[] args) throws IOException {
    if (args.length == 6 && args[0].equals("profile")) {
      PartProfile p = new PartProfile(Long.parseLong(args[2]), Long.parseLong(args[3]));
      JfrSamples.read(Path.of(args[1]), p);
      System.out.println(
          JSON.writerWithDefaultPrettyPrinter()
              .writeValueAsString(p.toMap(args[5], Long.parseLong(args[4]))));
    } else if (args.length >= 2 && args[0].equals("table")) {
      List<JsonNode> profiles = new ArrayList<>();
      for (int i = 1; i < args.length; i++) {
        profiles.add(JSON.readTree(Path.of(args[i]).toFile()));
      }
      System.out.print(table(profiles));
    } else {
      System.err.println(
          "usage: RequestProfile profile REC.jfr FROM_MS TO_MS REQUESTS LABEL"
              + " | table PROFILE.json...");
      System.exit(2);
    }
  }

  /**
   * One markdown table: a row per part, a column per profile, each cell the part's share of the
   * terminals' CPU samples and its bytes allocated per request.
   */
  static String table(List<JsonNode> profiles) {
    StringBuilder b = new StringBuilder("| Part (CPU share · bytes/request) |");
    StringBuilder rule = new StringBuilder("|---|");
    for (JsonNode p : profiles) {
      b.append(' ').append(p.path("label").asText()).append(" |");
      rule.append("---|");
    }
    b.append('\n').append(rule).append('\n');
    for (RequestPart part : RequestPart.values()) {
      StringBuilder row = new StringBuilder("| ").append(part.label()).append(" |");
      boolean any = false;
      for (JsonNode p : profiles) {
        JsonNode cell = p.path("parts").path(part.name());
        double share = cell.path("cpu share").asDouble();
        double bytes = cell.path("bytes per request").asDouble();
        any |= share >= 0.0005 || bytes >= 0.5;
        row.append(' ').append(cell(share, bytes)).append(" |");
      }
      if (any) {
        b.append(row).append('\n');
      }
    }
    b.append("| **all parts** |");
    for (JsonNode p : profiles) {
      b.append(' ').append(cell(1, p.path("bytes per request").asDouble())).append(" |");
    }
    b.append("\n| requests in the window · terminals' CPU samples |");
    for (JsonNode p : profiles) {
      b.append(
          String.format(
              Locale.ROOT,
              " %,d · %,d |",
              p.path("requests").asLong(),
              p.path("cpu samples").asLong()));
    }
    return b.append('\n').toString();
  }

  private static String cell(double share, double bytes) {
    return String.format(Locale.ROOT, "%.0f %% · %,.0f B", share * 100, bytes);
  }
}
