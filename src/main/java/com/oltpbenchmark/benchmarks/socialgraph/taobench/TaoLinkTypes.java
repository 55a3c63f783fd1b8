package com.oltpbenchmark.benchmarks.socialgraph.taobench;

import com.oltpbenchmark.benchmarks.socialgraph.taobench.WorkloadVocabulary.EdgeCategory;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.WorkloadVocabulary.PredicateName;
import java.util.EnumSet;
import java.util.Set;

/**
 * TAOBench's association categories and predicate names mapped onto link types and {@link
 * Precondition}s.
 *
 * <p>"other" associations use the loaded (LinkBench) link types. unique, bidirectional and
 * unique_and_bidirectional get three dedicated link types that the load never writes, so that — as
 * the paper's preparation phase intends — uniqueness can be tested: the first add of a unique
 * association from an id1 succeeds, later ones fail the UNIQUE precondition. The semantics follow
 * the paper (unique: no other visible association of that type from id1; bidirectional: the inverse
 * association is written in the same transaction), not the C++ SQL drivers' cross-type
 * "incompatible key" guards.
 */
public final class TaoLinkTypes {

  /** Link type of TAOBench "unique" associations. */
  public static final long UNIQUE = 987_654_320L;

  /** Link type of TAOBench "bidirectional" associations. */
  public static final long BIDIRECTIONAL = 987_654_321L;

  /** Link type of TAOBench "unique_and_bidirectional" associations. */
  public static final long UNIQUE_AND_BIDIRECTIONAL = 987_654_322L;

  private TaoLinkTypes() {}

  /** The dedicated link type of a category; OTHER has none (it uses the loaded types). */
  public static long linkType(EdgeCategory c) {
    return switch (c) {
      case UNIQUE -> UNIQUE;
      case BIDIRECTIONAL -> BIDIRECTIONAL;
      case UNIQUE_AND_BIDIRECTIONAL -> UNIQUE_AND_BIDIRECTIONAL;
      case OTHER ->
          throw new IllegalArgumentException("'other' associations use the loaded link types");
    };
  }

  /** Preconditions an association add of this category carries. */
  public static Set<Precondition> preconditions(EdgeCategory c) {
    return switch (c) {
      case UNIQUE -> EnumSet.of(Precondition.UNIQUE);
      case BIDIRECTIONAL -> EnumSet.of(Precondition.BIDIRECTIONAL);
      case UNIQUE_AND_BIDIRECTIONAL -> EnumSet.of(Precondition.UNIQUE, Precondition.BIDIRECTIONAL);
      case OTHER -> EnumSet.noneOf(Precondition.class);
    };
  }

  /**
   * The precondition a predicate name of operation_predicates / txn_predicates stands for, or null
   * for "none". read_version / read_visibility (a value observed by an earlier read must still
   * hold) become VERSION_MATCH / VISIBILITY_MATCH on the written key, whose expected value is what
   * this worker last observed.
   */
  public static Precondition precondition(PredicateName p) {
    return switch (p) {
      case WRITE_VISIBILITY, READ_VISIBILITY -> Precondition.VISIBILITY_MATCH;
      case WRITE_VERSION, READ_VERSION -> Precondition.VERSION_MATCH;
      case WRITE_UPDATE_ONLY -> Precondition.UPDATE_ONLY;
      case NONE -> null;
    };
  }

  /**
   * Whether a write of {@code kind} can carry {@code p} (objects have no visibility; adds have no
   * prior version; update-only is about updates).
   */
  public static boolean appliesTo(Precondition p, TaoOpKind kind) {
    return switch (p) {
      case VERSION_MATCH ->
          kind == TaoOpKind.OBJECT_UPDATE
              || kind == TaoOpKind.OBJECT_DELETE
              || kind == TaoOpKind.ASSOC_UPDATE
              || kind == TaoOpKind.ASSOC_DELETE;
      case VISIBILITY_MATCH -> kind == TaoOpKind.ASSOC_UPDATE || kind == TaoOpKind.ASSOC_DELETE;
      case UPDATE_ONLY -> kind == TaoOpKind.OBJECT_UPDATE || kind == TaoOpKind.ASSOC_UPDATE;
      case UNIQUE, BIDIRECTIONAL -> kind == TaoOpKind.ASSOC_ADD;
    };
  }
}
