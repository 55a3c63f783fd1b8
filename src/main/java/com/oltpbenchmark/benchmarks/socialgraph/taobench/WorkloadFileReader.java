package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.json.JSONArray;
import org.json.JSONException;
import org.json.JSONObject;
import org.json.JSONTokener;

/**
 * Reads TAOBench's JSON-lines workload files as they are: one record per line, exactly the 19
 * record names the C++ tool accepts.
 *
 * <p>Stricter than the C++ tool on purpose: every line must be a JSON object with only the keys
 * name, values and weights (so a missing comma such as {@code 10 380} is an error, not the silent
 * weight 10), a blank line, an unknown name, a duplicate name, or values and weights of different
 * lengths are errors naming the file and line. Extension: a line whose first non-blank character is
 * {@code #} is a comment (the project's presets use it to document their numbers; the official
 * files have none).
 */
public final class WorkloadFileReader {

  /** Records whose values are integers. */
  public static final Set<String> INT_VALUED = Set.of("write_txn_sizes", "read_txn_sizes");

  /** Records whose values are strings (txn_predicate_counts: values optional). */
  public static final Set<String> STRING_VALUED =
      Set.of(
          "edge_types",
          "read_operation_types",
          "write_operation_types",
          "read_txn_operation_types",
          "write_txn_operation_types",
          "errors",
          "txn_errors",
          "operation_predicates",
          "txn_predicates",
          "txn_predicate_counts",
          "read_tiers");

  /** Records that are weights only. */
  public static final Set<String> WEIGHTS_ONLY =
      Set.of(
          "operations",
          "primary_shards",
          "remote_shards",
          "read_operation_latency",
          "write_operation_latency",
          "write_txn_latency");

  private WorkloadFileReader() {}

  public static boolean isKnownName(String name) {
    return INT_VALUED.contains(name) || STRING_VALUED.contains(name) || WEIGHTS_ONLY.contains(name);
  }

  public static Map<String, WorkloadRecord> read(Path file) {
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return read(r, file.toString());
    } catch (IOException e) {
      throw new WorkloadFileException(file.toString(), 0, "cannot read workload file: " + e, e);
    }
  }

  public static Map<String, WorkloadRecord> read(InputStream in, String source) {
    try (Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
      return read(r, source);
    } catch (IOException e) {
      throw new WorkloadFileException(source, 0, "cannot read workload file: " + e, e);
    }
  }

  public static Map<String, WorkloadRecord> read(String text, String source) {
    try {
      return read(new StringReader(text), source);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Records by name, in file order. */
  public static Map<String, WorkloadRecord> read(Reader reader, String source) throws IOException {
    Map<String, WorkloadRecord> records = new LinkedHashMap<>();
    BufferedReader in = new BufferedReader(reader);
    String text;
    int lineNo = 0;
    while ((text = in.readLine()) != null) {
      lineNo++;
      String trimmed = text.strip();
      if (trimmed.startsWith("#")) {
        continue;
      }
      if (trimmed.isEmpty()) {
        throw new WorkloadFileException(
            source,
            lineNo,
            "blank line (TAOBench workload files have one record per line and no blank lines)");
      }
      WorkloadRecord rec = parseLine(trimmed, source, lineNo);
      WorkloadRecord earlier = records.putIfAbsent(rec.name(), rec);
      if (earlier != null) {
        throw new WorkloadFileException(
            source,
            lineNo,
            "duplicate record \"" + rec.name() + "\" (first at line " + earlier.line() + ")");
      }
    }
    if (records.isEmpty()) {
      throw new WorkloadFileException(source, 0, "workload file has no records");
    }
    return records;
  }

  static WorkloadRecord parseLine(String text, String source, int lineNo) {
    // org.json, not Jackson: it is what upstream BenchBase already ships, so the module keeps
    // compiling when dropped into an upstream tree.
    JSONObject node;
    try {
      JSONTokener tokens = new JSONTokener(text);
      Object value = tokens.nextValue();
      if (!(value instanceof JSONObject)) {
        throw new WorkloadFileException(
            source,
            lineNo,
            "malformed line, expected a JSON object {\"name\": ..., \"weights\": [...]}");
      }
      if (tokens.nextClean() != 0) {
        throw new WorkloadFileException(
            source, lineNo, "malformed line: text after the closing } of the record");
      }
      node = (JSONObject) value;
    } catch (JSONException e) {
      throw new WorkloadFileException(
          source,
          lineNo,
          "malformed line, expected {\"name\": ..., \"values\": [...], \"weights\": [...]}: "
              + e.getMessage());
    }
    for (String key : node.keySet()) {
      if (!key.equals("name") && !key.equals("values") && !key.equals("weights")) {
        throw new WorkloadFileException(
            source,
            lineNo,
            "unknown key \"" + key + "\" (a record has only name, values and weights)");
      }
    }
    Object nameNode = node.opt("name");
    if (!(nameNode instanceof String)) {
      throw new WorkloadFileException(source, lineNo, "record has no string \"name\"");
    }
    String name = (String) nameNode;
    if (!isKnownName(name)) {
      throw new WorkloadFileException(
          source,
          lineNo,
          "unknown record name \"" + name + "\" (known: " + String.join(", ", sorted()) + ")");
    }
    JSONArray weightsNode = node.optJSONArray("weights");
    if (weightsNode == null || weightsNode.isEmpty()) {
      throw new WorkloadFileException(
          source, lineNo, "\"" + name + "\": \"weights\" must be a non-empty array of numbers");
    }
    double[] weights = new double[weightsNode.length()];
    for (int i = 0; i < weights.length; i++) {
      Object w = weightsNode.get(i);
      if (!(w instanceof Number)) {
        // org.json reads an unquoted "10 380" (a missing comma) as text: name it as malformed.
        throw new WorkloadFileException(
            source,
            lineNo,
            "malformed line, \""
                + name
                + "\": weight "
                + (i + 1)
                + " is not a JSON number: "
                + quoted(w)
                + (w instanceof String && ((String) w).contains(" ") ? " (missing comma?)" : ""));
      }
      weights[i] = ((Number) w).doubleValue();
      if (!(weights[i] >= 0) || Double.isInfinite(weights[i])) {
        throw new WorkloadFileException(
            source,
            lineNo,
            "\"" + name + "\": weight " + (i + 1) + " must be finite and non-negative, got " + w);
      }
    }
    List<String> values = new ArrayList<>();
    Object valuesObject = node.opt("values");
    if (valuesObject != null) {
      if (WEIGHTS_ONLY.contains(name)) {
        throw new WorkloadFileException(
            source, lineNo, "\"" + name + "\" takes weights only, but the line has \"values\"");
      }
      if (!(valuesObject instanceof JSONArray)) {
        throw new WorkloadFileException(
            source, lineNo, "\"" + name + "\": \"values\" must be an array");
      }
      for (Object v : (JSONArray) valuesObject) {
        if (INT_VALUED.contains(name) || name.equals("txn_predicate_counts")) {
          if (!(v instanceof Integer)) {
            throw new WorkloadFileException(
                source, lineNo, "\"" + name + "\": value " + quoted(v) + " is not an integer");
          }
        } else if (!(v instanceof String)) {
          throw new WorkloadFileException(
              source, lineNo, "\"" + name + "\": value " + quoted(v) + " is not a string");
        }
        values.add(v.toString());
      }
      if (values.size() != weights.length) {
        throw new WorkloadFileException(
            source,
            lineNo,
            "\"" + name + "\" has " + values.size() + " values but " + weights.length + " weights");
      }
    } else if (!WEIGHTS_ONLY.contains(name) && !name.equals("txn_predicate_counts")) {
      throw new WorkloadFileException(source, lineNo, "\"" + name + "\" needs \"values\"");
    }
    return new WorkloadRecord(source, lineNo, name, values, weights);
  }

  /** A JSON value as it would appear in the file, for error messages. */
  private static String quoted(Object v) {
    return v instanceof String ? JSONObject.quote((String) v) : String.valueOf(v);
  }

  private static List<String> sorted() {
    List<String> all = new ArrayList<>();
    all.addAll(WEIGHTS_ONLY);
    all.addAll(INT_VALUED);
    all.addAll(STRING_VALUED);
    all.sort(null);
    return all;
  }
}
