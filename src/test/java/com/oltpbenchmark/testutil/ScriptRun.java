package com.oltpbenchmark.testutil;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A project script run from the project folder: its exit code and its stdout and stderr together.
 */
public record ScriptRun(int code, String out) {

  /**
   * Runs {@code script} with {@code args} and {@code env} added to this environment; fails the test
   * when it has not ended within {@code timeoutSeconds}.
   */
  public static ScriptRun of(
      String script, long timeoutSeconds, Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(script));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.directory(new File(System.getProperty("user.dir")));
    pb.environment().putAll(env);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(timeoutSeconds, TimeUnit.SECONDS), "script did not end");
    return new ScriptRun(p.exitValue(), out);
  }

  /** The last line of the output, trailing blank lines aside. */
  public String lastLine() {
    return out.strip().lines().reduce((x, y) -> y).orElse("");
  }
}
