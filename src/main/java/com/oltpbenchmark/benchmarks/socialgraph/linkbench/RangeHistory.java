package com.oltpbenchmark.benchmarks.socialgraph.linkbench;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * LinkBench's GET_LINKS_LIST history: per worker, the (id1, type) lists whose last range scan came
 * back full, with the time of the oldest link returned, so a later request can page further back.
 * At most {@link #CAPACITY} entries; a full cache evicts a random entry.
 *
 * <p>Unlike LinkBench, the index of (id1, type) to slot is kept exact on eviction and removal, so a
 * list that left the cache can enter it again.
 */
public final class RangeHistory {

  /** LinkBench's cache size. */
  public static final int CAPACITY = 2048;

  /** Where the next page of (id1, linkType) starts: links with {@code time <= maxTime}. */
  public record Page(long id1, long linkType, long maxTime) {}

  private final List<Page> pages = new ArrayList<>();
  private final Map<Key, Integer> slots = new HashMap<>();

  private record Key(long id1, long linkType) {}

  public int size() {
    return pages.size();
  }

  public boolean isEmpty() {
    return pages.isEmpty();
  }

  /** A random cached page. */
  public Page pick(Random rng) {
    return pages.get(rng.nextInt(pages.size()));
  }

  /**
   * Remembers that the first page of (id1, type) was full and ended at {@code oldestTime}; no-op if
   * the list is already cached.
   */
  public void rememberFull(long id1, long linkType, long oldestTime, Random rng) {
    Key key = new Key(id1, linkType);
    if (slots.containsKey(key)) {
      return;
    }
    Page page = new Page(id1, linkType, oldestTime);
    if (pages.size() < CAPACITY) {
      slots.put(key, pages.size());
      pages.add(page);
    } else {
      int victim = rng.nextInt(pages.size());
      Page old = pages.set(victim, page);
      slots.remove(new Key(old.id1(), old.linkType()));
      slots.put(key, victim);
    }
  }

  /**
   * Records the result of paging from {@code page}: a full page moves the entry to the new oldest
   * time, a short page means the list is exhausted and the entry leaves the cache.
   */
  public void advance(Page page, boolean full, long oldestTime) {
    Key key = new Key(page.id1(), page.linkType());
    Integer slot = slots.get(key);
    if (slot == null) {
      return;
    }
    if (full) {
      pages.set(slot, new Page(page.id1(), page.linkType(), oldestTime));
      return;
    }
    int last = pages.size() - 1;
    Page moved = pages.remove(last);
    slots.remove(key);
    if (slot != last) {
      pages.set(slot, moved);
      slots.put(new Key(moved.id1(), moved.linkType()), slot);
    }
  }
}
