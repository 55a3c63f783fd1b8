package com.oltpbenchmark.benchmarks.socialgraph.procedures;

/**
 * SQL text of the link and count statements, shared by every procedure that writes links
 * (LinkBench's AddLink, UpdateLink, DeleteLink and TAOBench's Write, WriteTxn).
 *
 * <p>The text here is the MySQL/MariaDB form, which HSQLDB's MySQL mode also accepts. PostgreSQL,
 * CockroachDB and SQLite override some statements in {@code dialect-<db>.xml} under the same
 * statement (field) name. A procedure that declares a field initialised from one of these constants
 * must use the constant's name in lower camel case as its field name (e.g. {@link #ADD_TO_COUNT} →
 * {@code addToCount}). The other databases' texts are written once, in the test table {@code
 * DialectOverrides}; the dialect files are generated from it for every procedure declaring the
 * statement, and {@code DialectFilesTest} fails when they drift.
 *
 * <p>Parameter order is given with each constant; {@link LinkWriter} binds them.
 */
public final class LinkSql {

  /** Link columns in the order every link SELECT returns them (see {@link LinkRows#read}). */
  public static final String LINK_COLUMNS = "id1, id2, link_type, visibility, data, time, version";

  /**
   * Locks the link row (an exclusive row lock until commit) and returns its mutable fields. Params:
   * id1, link_type, id2. SQLite has no FOR UPDATE: its dialect uses a no-op {@code UPDATE ...
   * RETURNING}, which takes the database write lock first.
   */
  public static final String SELECT_LINK_FOR_UPDATE =
      "SELECT visibility, data, time, version FROM linktable"
          + " WHERE id1 = ? AND link_type = ? AND id2 = ? FOR UPDATE";

  /**
   * Inserts the link unless its key exists; 1 row = inserted (and now locked), 0 = it exists.
   * Params: id1, id2, link_type, visibility, data, time, version. Callers reject payloads longer
   * than the column first, because MySQL's IGNORE would otherwise truncate them silently. On InnoDB
   * the duplicate case leaves a shared lock that the following locking read upgrades, so two
   * transactions writing the same link at once can deadlock; InnoDB detects it (1213) and the
   * runtime retries (a handful per 100,000 transactions on the sample config). An upsert that
   * X-locks at once cannot be used here: with the drivers' default found-rows counting it reports 1
   * row both for an insert and for an untouched duplicate.
   */
  public static final String INSERT_LINK_IF_ABSENT =
      "INSERT IGNORE INTO linktable (" + LINK_COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?)";

  /**
   * Overwrites every mutable field. Params: visibility, data, time, version, id1, link_type, id2.
   */
  public static final String UPDATE_LINK =
      "UPDATE linktable SET visibility = ?, data = ?, time = ?, version = ?"
          + " WHERE id1 = ? AND link_type = ? AND id2 = ?";

  /** Soft delete. Params: id1, link_type, id2. */
  public static final String HIDE_LINK =
      "UPDATE linktable SET visibility = 0 WHERE id1 = ? AND link_type = ? AND id2 = ?";

  /** Physical delete ("expunge"). Params: id1, link_type, id2. */
  public static final String DELETE_LINK =
      "DELETE FROM linktable WHERE id1 = ? AND link_type = ? AND id2 = ?";

  /**
   * Adds a signed delta to the visible-link count of (id, link_type), creating the row with the
   * delta as its count when absent. Atomic on every dialect, so concurrent writers of different
   * links of the same id1 never lose an increment. Params: id, link_type, delta, time (ms).
   */
  public static final String ADD_TO_COUNT =
      "INSERT INTO counttable (id, link_type, count, time, version) VALUES (?, ?, ?, ?, 0)"
          + " ON DUPLICATE KEY UPDATE count = count + VALUES(count), time = VALUES(time),"
          + " version = version + 1";

  /** Locks the count row of (id, link_type) and returns its count. Params: id, link_type. */
  public static final String SELECT_COUNT_FOR_UPDATE =
      "SELECT count FROM counttable WHERE id = ? AND link_type = ? FOR UPDATE";

  /** The visible-link count. Params: id, link_type. */
  public static final String SELECT_COUNT =
      "SELECT count FROM counttable WHERE id = ? AND link_type = ?";

  /** Point read of one link, hidden or not. Params: id1, link_type, id2. */
  public static final String SELECT_LINK =
      "SELECT " + LINK_COLUMNS + " FROM linktable WHERE id1 = ? AND link_type = ? AND id2 = ?";

  /**
   * Multiget of links by id2, hidden ones included. The list has {@link #MULTIGET_SLOTS} markers;
   * fewer ids are padded by repeating the last one (harmless in an IN list), more go in chunks.
   * Params: id1, link_type, id2 x MULTIGET_SLOTS.
   */
  public static final String SELECT_LINKS_BY_ID2 =
      "SELECT " + LINK_COLUMNS + " FROM linktable WHERE id1 = ? AND link_type = ? AND id2 IN (??)";

  /** Number of id2 markers in {@link #SELECT_LINKS_BY_ID2}. */
  public static final int MULTIGET_SLOTS = 16;

  /**
   * Range scan: visible links of (id1, link_type) with min &lt;= time &lt;= max, newest first. Ties
   * on time are broken by id2 descending, the order of a backward scan of the id1_type index, so
   * results are deterministic on every database (LinkBench left it unspecified). Params: id1,
   * link_type, minTime, maxTime, limit, offset.
   */
  public static final String SELECT_LINK_RANGE =
      "SELECT "
          + LINK_COLUMNS
          + " FROM linktable"
          + " WHERE id1 = ? AND link_type = ? AND visibility = 1 AND time >= ? AND time <= ?"
          + " ORDER BY time DESC, id2 DESC LIMIT ? OFFSET ?";

  private LinkSql() {}
}
