package com.oltpbenchmark.benchmarks.socialgraph.linkbench;

/** The arguments of LinkBench requests that are not a whole {@code Link} or {@code Node}. */
public final class LinkBenchRequests {

  private LinkBenchRequests() {}

  /** One link by key: DELETE_LINK. */
  public record LinkKey(long id1, long linkType, long id2) {}

  /** The links of (id1, linkType): COUNT_LINK. */
  public record LinkList(long id1, long linkType) {}

  /** MULTIGET_LINK: the links (id1, linkType, id2) for every id2. */
  public record MultiGet(long id1, long linkType, long[] id2s) {}

  /**
   * GET_LINKS_LIST: visible links of (id1, linkType) with {@code minTime <= time <= maxTime},
   * newest first, after skipping {@code offset}, at most {@code limit}. {@code history} is the
   * cached page it continues, or null for a first page.
   */
  public record RangeScan(
      long id1,
      long linkType,
      long minTime,
      long maxTime,
      int offset,
      int limit,
      RangeHistory.Page history) {

    public boolean isHistoryQuery() {
      return history != null;
    }
  }
}
