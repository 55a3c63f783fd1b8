package com.oltpbenchmark.results;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The requests that were still waiting on the database when the run's last phase ended and did not
 * finish within the in-flight grace ({@code <inFlightGrace>}): the runtime abandoned them (aborted
 * their connections) so that the run ended on time. They are in no latency figure: this is where a
 * stall across the end of the run shows.
 *
 * @param requests how many requests were abandoned
 * @param longestWaitMillis how long the longest of them had been waiting when abandoned
 * @param graceMillis the grace they were given after the end
 */
public record InFlightAtEnd(long requests, long longestWaitMillis, long graceMillis) {

  /** Nothing abandoned (also what a result set without the key reads as). */
  public static final InFlightAtEnd NONE = new InFlightAtEnd(0, 0, 0);

  /** The summary.json object. */
  public Map<String, Object> toSummary() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put(ResultKeys.REQUESTS, requests);
    m.put("Longest Wait (seconds)", longestWaitMillis / 1000.0);
    m.put("Grace (seconds)", graceMillis / 1000.0);
    return m;
  }

  /** One line for the console. */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "%d request(s) still waiting on the database %.1f s after the run's end were abandoned"
            + " (not measured; the longest had waited %.1f s): the database stalled across the end"
            + " of the run",
        requests,
        graceMillis / 1000.0,
        longestWaitMillis / 1000.0);
  }
}
