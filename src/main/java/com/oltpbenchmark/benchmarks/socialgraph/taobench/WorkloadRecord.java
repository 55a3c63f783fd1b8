package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import java.util.List;

/**
 * One line of a TAOBench workload file: {@code {"name": ..., "values": [...], "weights": [...]}}.
 * {@code values} holds the tokens as strings (numbers included) and is empty when absent.
 */
public record WorkloadRecord(
    String source, int line, String name, List<String> values, double[] weights) {

  public WorkloadRecord {
    values = List.copyOf(values);
    weights = weights.clone();
  }

  @Override
  public double[] weights() {
    return weights.clone();
  }

  /** Where this record is, for error messages: "file:line (name)". */
  public String where() {
    return source + ":" + line + " (" + name + ")";
  }

  public WorkloadFileException error(String problem) {
    return new WorkloadFileException(source, line, "\"" + name + "\": " + problem);
  }
}
