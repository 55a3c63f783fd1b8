package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import java.util.List;

/** The value strings a TAOBench workload file may use, one enum per kind of record. */
public final class WorkloadVocabulary {

  private WorkloadVocabulary() {}

  /** An enum constant spelled in workload files as one of {@link #spellings()}. */
  public interface Spelled {
    List<String> spellings();
  }

  /** Parses {@code text} as one constant of {@code type}, or null. */
  public static <E extends Enum<E> & Spelled> E parse(Class<E> type, String text) {
    for (E e : type.getEnumConstants()) {
      if (e.spellings().contains(text)) {
        return e;
      }
    }
    return null;
  }

  /** All accepted spellings of {@code type}, for error messages. */
  public static <E extends Enum<E> & Spelled> String accepted(Class<E> type) {
    StringBuilder sb = new StringBuilder();
    for (E e : type.getEnumConstants()) {
      for (String s : e.spellings()) {
        sb.append(sb.length() == 0 ? "" : ", ").append(s);
      }
    }
    return sb.toString();
  }

  /** {@code read_operation_types} / {@code read_txn_operation_types}. */
  public enum ReadOpType implements Spelled {
    OBJ_READ("obj_read"),
    EDGE_POINT_READ("edge_point_read"),
    EDGE_RANGE_READ("edge_range_read"),
    EDGE_COUNT_READ("edge_count_read"),
    EDGE_TIME_READ("edge_time_read");

    private final List<String> spellings;

    ReadOpType(String... s) {
      spellings = List.of(s);
    }

    @Override
    public List<String> spellings() {
      return spellings;
    }
  }

  /** {@code write_operation_types} / {@code write_txn_operation_types}. */
  public enum WriteOpType implements Spelled {
    OBJ_ADD("obj_add"),
    OBJ_UPDATE("obj_update"),
    OBJ_DELETE("obj_delete"),
    EDGE_ADD("edge_add"),
    EDGE_UPDATE("edge_update"),
    EDGE_DELETE("edge_delete");

    private final List<String> spellings;

    WriteOpType(String... s) {
      spellings = List.of(s);
    }

    @Override
    public List<String> spellings() {
      return spellings;
    }
  }

  /** {@code edge_types}: the association type category of a new association. */
  public enum EdgeCategory implements Spelled {
    UNIQUE("unique"),
    BIDIRECTIONAL("bidirectional"),
    UNIQUE_AND_BIDIRECTIONAL("unique_and_bidirectional"),
    OTHER("other");

    private final List<String> spellings;

    EdgeCategory(String... s) {
      spellings = List.of(s);
    }

    @Override
    public List<String> spellings() {
      return spellings;
    }
  }

  /**
   * {@code operation_predicates} and {@code txn_predicates}. "read_visibiliy" is the files'
   * spelling; the corrected spelling is accepted too.
   */
  public enum PredicateName implements Spelled {
    WRITE_VISIBILITY("write_visibility"),
    WRITE_UPDATE_ONLY("write_update_only"),
    WRITE_VERSION("write_version"),
    READ_VISIBILITY("read_visibiliy", "read_visibility"),
    READ_VERSION("read_version"),
    NONE("none");

    private final List<String> spellings;

    PredicateName(String... s) {
      spellings = List.of(s);
    }

    @Override
    public List<String> spellings() {
      return spellings;
    }
  }

  /** {@code errors} / {@code txn_errors} (failure injection; parsed, not simulated). */
  public enum ErrorName implements Spelled {
    SUCCESS("success"),
    FAIL_AFTER_RESERVE("fail_after_reserve"),
    FAIL_AFTER_PRIMARY_COMMIT("fail_after_primary_commit"),
    FAIL_AFTER_PRIMARY_ROLLBACK("fail_after_primary_rollback");

    private final List<String> spellings;

    ErrorName(String... s) {
      spellings = List.of(s);
    }

    @Override
    public List<String> spellings() {
      return spellings;
    }
  }

  /** {@code read_tiers} (cache tiers; parsed, not simulated). */
  public enum ReadTier implements Spelled {
    CLIENT_CACHE("client_cache"),
    TAO("tao"),
    DB("db");

    private final List<String> spellings;

    ReadTier(String... s) {
      spellings = List.of(s);
    }

    @Override
    public List<String> spellings() {
      return spellings;
    }
  }
}
