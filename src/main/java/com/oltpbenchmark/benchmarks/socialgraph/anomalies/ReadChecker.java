package com.oltpbenchmark.benchmarks.socialgraph.anomalies;

import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.Node;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoReadResult;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One terminal's checks of what its reads saw, against the process's {@link RecentWrites}. Not
 * thread-safe: one per worker, like its connection.
 *
 * <p>Every rule compares ticks of one process-wide clock (a request takes one when it begins; a
 * write another when its commit returned), and calls a row older than a write only when the write
 * that left the row was acknowledged before that write began. Rows that name no remembered write,
 * and writes of other processes, are never judged; so a database that keeps the promise is never
 * reported (docs/anomalies.md).
 */
public final class ReadChecker {

  /** Rows of one read that are checked; the rest of a longer range scan is not. */
  static final int MAX_ROWS = 256;

  static final int OWN = 1 << 10;

  private final RecentWrites recent;
  private final AnomalyCounts counts;
  private final int terminal;
  private final WriteRecord[] own = new WriteRecord[OWN];

  /*
   * Per own slot, what the read-your-writes check asks of the record there, copied when it was
   * acknowledged (a record's tick and acknowledgement never change after that): the key that put it
   * there, whether the record put several of its keys there, its tick and acknowledgement. Most
   * rows read are not the terminal's own keys, and this answers them from one line of one array,
   * without going to the record and its keys. Only this terminal writes and reads it.
   */
  private static final int O_ID1 = 0;
  private static final int O_TYPE = 1;
  private static final int O_ID2 = 2;
  private static final int O_FLAGS = 3;
  private static final int O_TICK = 4;
  private static final int O_ACK = 5;
  private static final int O_STRIDE = 6;
  private static final long O_NODE = 1;
  private static final long O_SEVERAL = 2;
  private final long[] ownSlots = new long[OWN * O_STRIDE];

  private final boolean[] node = new boolean[MAX_ROWS];
  private final long[] id1 = new long[MAX_ROWS];
  private final long[] type = new long[MAX_ROWS];
  private final long[] id2 = new long[MAX_ROWS];
  private final int[] hash = new int[MAX_ROWS];
  private final boolean[] visible = new boolean[MAX_ROWS];
  private final WriteRecord[] wrote = new WriteRecord[MAX_ROWS];
  private int rows;

  private Connection serverOf;
  private String server;

  public ReadChecker(RecentWrites recent, AnomalyCounts counts, int terminal) {
    this.recent = recent;
    this.counts = counts;
    this.terminal = terminal;
  }

  public int terminal() {
    return terminal;
  }

  /**
   * This terminal's write was acknowledged: its later reads must see it or something newer. Called
   * after {@link RecentWrites#acknowledged}, which gives the record its acknowledgement.
   */
  public void ownWriteAcknowledged(WriteRecord r) {
    long[] effects = r.keys();
    int end = WriteRecord.count(effects) * WriteRecord.STRIDE;
    for (int at = 0; at < end; at += WriteRecord.STRIDE) {
      if (WriteRecord.isPresent(effects, at)) {
        int h =
            RecentWrites.hash(
                WriteRecord.isNode(effects, at),
                WriteRecord.id1(effects, at),
                WriteRecord.linkType(effects, at),
                WriteRecord.id2(effects, at));
        int slot = h & (OWN - 1);
        int o = slot * O_STRIDE;
        long several = own[slot] == r ? O_SEVERAL : 0;
        own[slot] = r;
        ownSlots[o + O_ID1] = WriteRecord.id1(effects, at);
        ownSlots[o + O_TYPE] = WriteRecord.linkType(effects, at);
        ownSlots[o + O_ID2] = WriteRecord.id2(effects, at);
        ownSlots[o + O_FLAGS] = (WriteRecord.isNode(effects, at) ? O_NODE : 0) | several;
        ownSlots[o + O_TICK] = r.tick;
        ownSlots[o + O_ACK] = r.ack;
      }
    }
  }

  /**
   * Checks one read's result.
   *
   * @param readTick the tick the request took when it began
   * @param observed what the read returned: a {@link Node}, {@link Link}, {@link TaoReadResult} or
   *     a list of them (null: nothing to check)
   * @param request the transaction type, for examples
   * @param conn the connection that answered, for examples
   */
  public void check(long readTick, Object observed, String request, Connection conn) {
    rows = 0;
    collect(observed);
    if (rows == 0) {
      return;
    }
    boolean any = false;
    for (int i = 0; i < rows; i++) {
      WriteRecord w = recent.identify(node[i], id1[i], type[i], id2[i], version[i], data[i]);
      wrote[i] = w;
      if (w != null) {
        // hashed only here: most rows of a LinkBench run are the load's, which name no write
        hash[i] = RecentWrites.hash(node[i], id1[i], type[i], id2[i]);
        any = true;
      }
    }
    if (!any) {
      counts.notCheckable();
      clear();
      return;
    }
    boolean checked = checkAgainstLatest(readTick, request, conn);
    if (rows >= 2) {
      checked |= checkAtomicity(readTick, request, conn);
    }
    if (checked) {
      counts.readChecked();
    }
    clear();
  }

  /** Whether the read was checked for staleness or for reading its own writes. */
  private boolean checkAgainstLatest(long readTick, String request, Connection conn) {
    boolean staleChecked = false;
    boolean ownChecked = false;
    Map<String, Object> stale = null;
    Map<String, Object> ownStale = null;
    for (int i = 0; i < rows; i++) {
      WriteRecord saw = wrote[i];
      if (saw == null) {
        continue;
      }
      // one hash per row serves both the process's slot and this terminal's
      int h = hash[i];
      WriteRecord latest = recent.latest(h, node[i], id1[i], type[i], id2[i]);
      if (latest != null && latest.acknowledgedBefore(readTick)) {
        staleChecked = true;
        if (stale == null && saw != latest && saw.acknowledgedBefore(latest.tick)) {
          stale = example(i, saw, latest, readTick, request, conn);
        }
      }
      int slot = h & (OWN - 1);
      int o = slot * O_STRIDE;
      long mineAck = ownSlots[o + O_ACK];
      if (mineAck > 0 && mineAck < readTick && ownWrites(slot, o, i)) {
        ownChecked = true;
        long mineTick = ownSlots[o + O_TICK];
        // ticks name writes uniquely within the process: the same tick is the same record
        if (ownStale == null && saw.tick != mineTick && saw.acknowledgedBefore(mineTick)) {
          ownStale = example(i, saw, own[slot], readTick, request, conn);
        }
      }
    }
    if (staleChecked) {
      counts.countChecked(Anomaly.STALE_READ);
      if (stale != null) {
        counts.countSeen(Anomaly.STALE_READ, stale);
      }
    }
    if (ownChecked) {
      counts.countChecked(Anomaly.READ_YOUR_WRITES);
      if (ownStale != null) {
        counts.countSeen(Anomaly.READ_YOUR_WRITES, ownStale);
      }
    }
    return staleChecked || ownChecked;
  }

  /** Whether the own write in {@code slot} (at {@code o} in ownSlots) wrote row {@code i}'s key. */
  private boolean ownWrites(int slot, int o, int i) {
    long flags = ownSlots[o + O_FLAGS];
    if (ownSlots[o + O_ID1] == id1[i]
        && ownSlots[o + O_ID2] == id2[i]
        && ownSlots[o + O_TYPE] == type[i]
        && (flags & O_NODE) == (node[i] ? O_NODE : 0)) {
      return true;
    }
    // another of its keys may share the slot; only then is the record itself asked
    return (flags & O_SEVERAL) != 0 && own[slot].writes(node[i], id1[i], type[i], id2[i]);
  }

  /** Whether the read was checked for atomicity. */
  private boolean checkAtomicity(long readTick, String request, Connection conn) {
    boolean checked = false;
    Map<String, Object> fractured = null;
    for (int i = 0; i < rows && fractured == null; i++) {
      WriteRecord t = wrote[i];
      if (t == null || t.ack == WriteRecord.ROLLED_BACK) {
        continue;
      }
      long[] effects = t.keys();
      if (WriteRecord.count(effects) < 2 || seenBefore(t, i)) {
        continue;
      }
      for (int j = 0; j < rows; j++) {
        if (j == i) {
          continue;
        }
        int at = WriteRecord.indexOf(effects, node[j], id1[j], type[j], id2[j]);
        if (at < 0) {
          continue;
        }
        checked = true;
        WriteRecord other = wrote[j];
        if (other == t || other == null || !other.acknowledgedBefore(t.tick)) {
          continue;
        }
        boolean overwritten =
            switch (WriteRecord.kind(effects, at)) {
              case PRESENT -> true;
              case NOT_VISIBLE -> visible[j];
              case ABSENT -> true;
            };
        if (overwritten) {
          fractured = example(j, other, t, readTick, request, conn);
          fractured.put("alsoSaw", describe(i) + ": " + t.describe());
          break;
        }
      }
    }
    if (checked) {
      counts.countChecked(Anomaly.FRACTURED_READ);
      if (fractured != null) {
        counts.countSeen(Anomaly.FRACTURED_READ, fractured);
      }
    }
    return checked;
  }

  /**
   * Whether an earlier row saw the same write. Its pass over the rows already found what a later
   * row's would (the same keys, in the same order, with the same first example), so a read of many
   * rows of one transaction walks them once, not once per row.
   */
  private boolean seenBefore(WriteRecord t, int row) {
    for (int k = 0; k < row; k++) {
      if (wrote[k] == t) {
        return true;
      }
    }
    return false;
  }

  private Map<String, Object> example(
      int row, WriteRecord saw, WriteRecord newer, long readTick, String request, Connection conn) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("request", request);
    m.put("terminal", terminal);
    m.put("readBeganAtTick", readTick);
    m.put("key", describe(row));
    m.put("saw", saw.describe());
    m.put("expectedAtLeast", newer.describe());
    m.put("server", server(conn));
    return m;
  }

  private String describe(int row) {
    return node[row] ? "node " + id1[row] : Link.describe(id1[row], type[row], id2[row]);
  }

  private String server(Connection conn) {
    if (conn != serverOf) {
      serverOf = conn;
      try {
        server = conn == null ? "unknown" : conn.getMetaData().getURL();
      } catch (SQLException e) {
        server = "unknown";
      }
    }
    return server;
  }

  // the rows' values that identify needs but the checks do not keep
  private final long[] version = new long[MAX_ROWS];
  private final byte[][] data = new byte[MAX_ROWS][];

  private void collect(Object observed) {
    if (observed instanceof Node n) {
      add(true, n.id(), 0, 0, true, n.version(), n.data());
    } else if (observed instanceof Link l) {
      add(false, l.id1(), l.linkType(), l.id2(), l.isVisible(), l.version(), l.data());
    } else if (observed instanceof TaoReadResult r) {
      collectTao(r);
    } else if (observed instanceof List<?> list) {
      for (int i = 0, n = list.size(); i < n && rows < MAX_ROWS; i++) {
        collect(list.get(i));
      }
    }
  }

  private void collectTao(TaoReadResult r) {
    if (r instanceof TaoReadResult.ObjectResult o && o.node() != null) {
      collect(o.node());
    } else if (r instanceof TaoReadResult.AssocResult a && a.link() != null) {
      collect(a.link());
    } else if (r instanceof TaoReadResult.RangeResult range) {
      collect(range.links());
    }
  }

  private void add(
      boolean isNode, long a, long t, long b, boolean isVisible, long v, byte[] payload) {
    if (rows == MAX_ROWS) {
      return;
    }
    node[rows] = isNode;
    id1[rows] = a;
    type[rows] = t;
    id2[rows] = b;
    visible[rows] = isVisible;
    version[rows] = v;
    data[rows] = payload;
    rows++;
  }

  private void clear() {
    for (int i = 0; i < rows; i++) {
      wrote[i] = null;
      data[i] = null;
    }
    rows = 0;
  }
}
