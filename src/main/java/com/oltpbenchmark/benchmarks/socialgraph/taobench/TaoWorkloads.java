package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import com.oltpbenchmark.benchmarks.socialgraph.config.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Resolves {@code <taobench><workload>}: a built-in preset name or the path of a TAOBench workload
 * file. Presets are resources under {@code benchmarks/socialgraph/taobench/}; each documents where
 * its numbers come from in its {@code #} comment lines.
 */
public final class TaoWorkloads {

  /** Preset name -> resource file. */
  public static final Map<String, String> PRESETS =
      Map.of(
          "A", "preset_a.json",
          "O", "preset_o.json",
          "R", "preset_read_only.json");

  private static final String RESOURCE_DIR = "/benchmarks/socialgraph/taobench/";

  private TaoWorkloads() {}

  /** The preset or file named {@code workload}, with shard weights fitted to {@code shards}. */
  public static TaoWorkload load(String workload, int shards) {
    String preset = workload.strip().toUpperCase(Locale.ROOT);
    if (PRESETS.containsKey(preset)) {
      return preset(preset, shards);
    }
    Path file = Path.of(workload);
    if (!Files.isRegularFile(file)) {
      throw new ConfigException(
          "<taobench><workload> \""
              + workload
              + "\" is neither a preset ("
              + String.join(", ", PRESETS.keySet().stream().sorted().toList())
              + ") nor a readable file");
    }
    return new TaoWorkload(WorkloadFileReader.read(file), file.toString(), shards);
  }

  public static TaoWorkload preset(String name, int shards) {
    String resource = RESOURCE_DIR + PRESETS.get(name);
    try (InputStream in = TaoWorkloads.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("preset resource " + resource + " missing from the build");
      }
      String source = "preset " + name + " (" + resource + ")";
      return new TaoWorkload(WorkloadFileReader.read(in, source), source, shards);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
