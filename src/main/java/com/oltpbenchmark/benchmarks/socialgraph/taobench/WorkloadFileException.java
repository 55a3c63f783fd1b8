package com.oltpbenchmark.benchmarks.socialgraph.taobench;

/** A TAOBench workload file that cannot be used; the message names the file and line. */
public class WorkloadFileException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public WorkloadFileException(String source, int line, String problem) {
    super(source + (line > 0 ? ":" + line : "") + ": " + problem);
  }

  public WorkloadFileException(String source, int line, String problem, Throwable cause) {
    super(source + (line > 0 ? ":" + line : "") + ": " + problem, cause);
  }
}
