package com.oltpbenchmark.testutil;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Command lines for the runtime's {@code DBWorkload}, as tests pass them. */
public final class RunArgs {
  private RunArgs() {}

  /**
   * {@code -b benchmark -c config --create=true --load=true --execute=true -d results}, then {@code
   * extra}: the whole run most tests start.
   */
  public static String[] createLoadExecute(
      String benchmark, Path config, Path results, String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "-b",
                benchmark,
                "-c",
                config.toString(),
                "--create=true",
                "--load=true",
                "--execute=true",
                "-d",
                results.toString()));
    args.addAll(List.of(extra));
    return args.toArray(new String[0]);
  }

  /** {@code -b socialgraph -c config -d results}, then {@code actions}. */
  public static String[] socialgraph(Path config, Path results, String... actions) {
    List<String> args =
        new ArrayList<>(
            List.of("-b", "socialgraph", "-c", config.toString(), "-d", results.toString()));
    args.addAll(List.of(actions));
    return args.toArray(new String[0]);
  }
}
