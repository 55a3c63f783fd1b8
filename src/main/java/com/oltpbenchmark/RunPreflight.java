package com.oltpbenchmark;

import com.oltpbenchmark.api.BenchmarkModule;
import java.sql.Connection;
import java.util.List;

/**
 * Asks each benchmark, before {@code --execute}, whether its database is ready for a run ({@link
 * ModuleHooks#preflight}): a run on a missing schema or a half-loaded graph would only measure
 * errors.
 */
final class RunPreflight {

  private RunPreflight() {}

  /** The first problem found, in one line, or null when every benchmark is ready. */
  static String problem(List<BenchmarkModule> modules, boolean checkGraph) throws Exception {
    for (BenchmarkModule b : modules) {
      try (Connection conn = b.makeConnection()) {
        String p = ModuleHooks.preflight(b, conn, checkGraph);
        if (p != null) {
          return p;
        }
      }
    }
    return null;
  }
}
