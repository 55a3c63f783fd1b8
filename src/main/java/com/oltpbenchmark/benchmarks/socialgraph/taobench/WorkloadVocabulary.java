package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import java.util.List;
import java.util.Locale;

/** The value strings a TAOBench workload file may use, one enum per kind of record. */
public final class WorkloadVocabulary {

  private WorkloadVocabulary() {}

  /**
   * An enum constant spelled in workload files as one of {@link #spellings()}: its name in lower
   * case, unless the files spell it otherwise.
   */
  public interface Spelled {
    String name();

    default List<String> spellings() {
      return List.of(name().toLowerCase(Locale.ROOT));
    }
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
    OBJ_READ,
    EDGE_POINT_READ,
    EDGE_RANGE_READ,
    EDGE_COUNT_READ,
    EDGE_TIME_READ
  }

  /** {@code write_operation_types} / {@code write_txn_operation_types}. */
  public enum WriteOpType implements Spelled {
    OBJ_ADD,
    OBJ_UPDATE,
    OBJ_DELETE,
    EDGE_ADD,
    EDGE_UPDATE,
    EDGE_DELETE
  }

  /** {@code edge_types}: the association type category of a new association. */
  public enum EdgeCategory implements Spelled {
    UNIQUE,
    BIDIRECTIONAL,
    UNIQUE_AND_BIDIRECTIONAL,
    OTHER
  }

  /**
   * {@code operation_predicates} and {@code txn_predicates}. "read_visibiliy" is the files'
   * spelling; the corrected spelling is accepted too.
   */
  public enum PredicateName implements Spelled {
    WRITE_VISIBILITY,
    WRITE_UPDATE_ONLY,
    WRITE_VERSION,
    READ_VISIBILITY,
    READ_VERSION,
    NONE;

    @Override
    public List<String> spellings() {
      // the files' spelling first: accepted() lists them in this order
      return this == READ_VISIBILITY
          ? List.of("read_visibiliy", "read_visibility")
          : Spelled.super.spellings();
    }
  }

  /** {@code errors} / {@code txn_errors} (failure injection; parsed, not simulated). */
  public enum ErrorName implements Spelled {
    SUCCESS,
    FAIL_AFTER_RESERVE,
    FAIL_AFTER_PRIMARY_COMMIT,
    FAIL_AFTER_PRIMARY_ROLLBACK
  }

  /** {@code read_tiers} (cache tiers; parsed, not simulated). */
  public enum ReadTier implements Spelled {
    CLIENT_CACHE,
    TAO,
    DB
  }
}
