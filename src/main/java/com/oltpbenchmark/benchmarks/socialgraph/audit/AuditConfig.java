package com.oltpbenchmark.benchmarks.socialgraph.audit;

import com.oltpbenchmark.benchmarks.socialgraph.config.ConfigBlock;
import com.oltpbenchmark.benchmarks.socialgraph.config.ConfigException;
import java.util.List;
import java.util.Set;
import org.apache.commons.configuration2.XMLConfiguration;

/**
 * The optional {@code <audit>} block of a config: {@code <trackedKeys>} (most keys whose writes are
 * tracked for the lost-write check; 0 turns tracking off; default 10000), {@code <sampleOneIn>}
 * (track one key in this many, chosen by a hash of the key; default 1) and any number of {@code
 * <backend>} (JDBC URL of a database behind the audited one, such as a Spider backend, where the
 * in-doubt transaction check also looks; default none) and {@code <checkReads>} (whether every read
 * is checked online for fractured reads, stale reads and read-your-writes violations; default
 * true).
 */
public record AuditConfig(
    int trackedKeys, int sampleOneIn, List<String> backends, boolean checkReads) {

  public static final int DEFAULT_TRACKED_KEYS = 10_000;
  static final int MAX_TRACKED_KEYS = 10_000_000;

  public static final Set<String> KEYS =
      Set.of("trackedKeys", "sampleOneIn", "backend", "checkReads");

  public AuditConfig {
    backends = List.copyOf(backends);
  }

  public AuditConfig(int trackedKeys, int sampleOneIn) {
    this(trackedKeys, sampleOneIn, List.of(), true);
  }

  /**
   * Reads the block ({@link ConfigBlock}, as {@code <taobench>}); an unknown key or a bad value
   * throws naming the element.
   */
  public static AuditConfig from(XMLConfiguration xml) {
    ConfigBlock block = ConfigBlock.of(xml, "audit", KEYS);
    List<String> backends = block.strings("backend");
    for (String url : backends) {
      String problem = BackendUrl.problem(url);
      if (problem != null) {
        throw new ConfigException("<audit><backend> \"" + url + "\": " + problem);
      }
    }
    return new AuditConfig(
        block.intValue("trackedKeys", DEFAULT_TRACKED_KEYS, 0, MAX_TRACKED_KEYS),
        block.intValue("sampleOneIn", 1, 1, Integer.MAX_VALUE),
        backends,
        Boolean.parseBoolean(block.choice("checkReads", "true", "false")));
  }

  public WriteTracker newTracker() {
    return new WriteTracker(trackedKeys, sampleOneIn);
  }
}
