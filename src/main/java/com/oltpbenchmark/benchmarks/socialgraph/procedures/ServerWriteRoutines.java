package com.oltpbenchmark.benchmarks.socialgraph.procedures;

import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.benchmarks.socialgraph.model.Link;
import com.oltpbenchmark.benchmarks.socialgraph.model.LinkWriteResult;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.PreconditionFailure;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.tao.TaoWrites;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.Precondition;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOp;
import com.oltpbenchmark.benchmarks.socialgraph.taobench.TaoOpKind;
import com.oltpbenchmark.types.DatabaseType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Link writes as routines on the database server (a PL/pgSQL function on PostgreSQL, a stored
 * procedure on MariaDB and MySQL), so that AddLink, UpdateLink and DeleteLink are one round trip
 * each instead of three to five: the lock, the read, the write and the count upsert happen on the
 * server, where each statement's answer is at hand, and the call commits itself (PostgreSQL: the
 * call runs in autocommit; MariaDB/MySQL: the procedure opens and commits its own transaction).
 *
 * <p>The routines send the statements of {@link LinkWriter}'s step-by-step path in the same order
 * with the same locks, at the session's isolation level, so the count invariant, the lock order and
 * the retried conflicts are the same; the text is in {@code
 * benchmarks/socialgraph/routines/<family>.sql}. They are created by the benchmark before its
 * workers start (never dropped: the tables' DDL does not know them), each name carrying {@link
 * #VERSION}, so a changed body gets a new name instead of replacing one a running driver uses.
 */
public final class ServerWriteRoutines {

  /** Suffix of every routine name; bump it whenever a routine's body changes. */
  public static final int VERSION = 5;

  /**
   * The databases whose routines are written and tested, how each calls them, and the pieces of a
   * write group's query ({@link #writeGroupSql}) that differ: how the transaction opens, how an
   * observed version travels between its statements (MariaDB/MySQL user variables; PostgreSQL
   * settings local to the transaction, empty for no such row), the lock-count call's OUT argument
   * and how bytes are written.
   */
  enum Family {
    POSTGRES("postgres.sql", "SELECT %s(%s)", "BEGIN", "") {
      @Override
      String observe(int op, String versionQuery) {
        return "SELECT set_config('sg.observed_"
            + op
            + "', COALESCE(("
            + versionQuery
            + ")::text, ''), true)";
      }

      @Override
      String observed(int op, long otherwise) {
        return "COALESCE(NULLIF(current_setting('sg.observed_"
            + op
            + "'), '')::bigint, "
            + otherwise
            + ")";
      }

      @Override
      String bytes(String hex) {
        // decode() reads the same whatever standard_conforming_strings says
        return "decode('" + hex + "', 'hex')";
      }
    },
    MYSQL("mysql.sql", "CALL %s(%s)", "START TRANSACTION", ", @sg_count") {
      @Override
      String observe(int op, String versionQuery) {
        return "SET @sg_observed_" + op + " = (" + versionQuery + ")";
      }

      @Override
      String observed(int op, long otherwise) {
        return "IFNULL(@sg_observed_" + op + ", " + otherwise + ")";
      }

      @Override
      String bytes(String hex) {
        return "X'" + hex + "'";
      }
    };

    final String file;
    final String callFormat;
    final String begin;
    final String lockCountOut;

    Family(String file, String callFormat, String begin, String lockCountOut) {
      this.file = file;
      this.callFormat = callFormat;
      this.begin = begin;
      this.lockCountOut = lockCountOut;
    }

    /** The statement that keeps op {@code op}'s observed version, read by {@code versionQuery}. */
    abstract String observe(int op, String versionQuery);

    /** The observed version of op {@code op}, or {@code otherwise} if there was no row. */
    abstract String observed(int op, long otherwise);

    /** A byte-string literal of {@code hex}. */
    abstract String bytes(String hex);

    /** The call of routine {@code name} (its versioned name) with {@code args}. */
    String call(String name, String args) {
      return String.format(callFormat, name + "_v" + VERSION, args);
    }
  }

  private static final Pattern ROUTINE_NAME =
      Pattern.compile("CREATE\\s+(?:FUNCTION|PROCEDURE)\\s+(\\w+)", Pattern.CASE_INSENSITIVE);

  private final Family family;
  private final String writeLink;
  private final String removeLink;
  private final String taoWrite;

  private ServerWriteRoutines(Family family) {
    this.family = family;
    this.writeLink = call("sg_write_link", 9);
    this.removeLink = call("sg_remove_link", 5);
    this.taoWrite = call("sg_tao_write", 11);
  }

  /** The routines for {@code type}, or empty where none are written (the step path stays). */
  public static Optional<ServerWriteRoutines> forDatabase(DatabaseType type) {
    return switch (DatabaseFamily.of(type)) {
      case POSTGRES -> Optional.of(new ServerWriteRoutines(Family.POSTGRES));
      case MYSQL -> Optional.of(new ServerWriteRoutines(Family.MYSQL));
      default -> Optional.empty();
    };
  }

  private String call(String name, int params) {
    return family.call(name, String.join(", ", nCopies("?", params)));
  }

  private static List<String> nCopies(String s, int n) {
    List<String> l = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      l.add(s);
    }
    return l;
  }

  /** The CREATE statements of this family's routines, in file order. */
  List<String> createStatements() {
    String text;
    try (InputStream in =
        ServerWriteRoutines.class.getResourceAsStream(
            "/benchmarks/socialgraph/routines/" + family.file)) {
      if (in == null) {
        throw new IllegalStateException(
            "benchmarks/socialgraph/routines/" + family.file + " is missing from the class path");
      }
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> statements = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      if (line.strip().equals("/")) {
        addStatement(statements, current);
        current.setLength(0);
      } else if (!line.strip().startsWith("--")) {
        current.append(line).append('\n');
      }
    }
    addStatement(statements, current);
    return statements;
  }

  private static void addStatement(List<String> statements, StringBuilder sql) {
    String s = sql.toString().strip();
    if (!s.isEmpty()) {
      statements.add(s);
    }
  }

  /** The routine a CREATE statement creates. */
  static String routineName(String createStatement) {
    Matcher m = ROUTINE_NAME.matcher(createStatement);
    if (!m.find()) {
      throw new IllegalStateException("not a CREATE FUNCTION/PROCEDURE: " + createStatement);
    }
    return m.group(1);
  }

  /**
   * Creates the routines this database does not have yet, on a connection in autocommit mode.
   * Another driver process creating them at the same moment is fine: its duplicate is ignored.
   */
  public void install(Connection conn) throws SQLException {
    for (String create : createStatements()) {
      if (exists(conn, routineName(create))) {
        continue;
      }
      try (Statement st = StatementBinder.plain(conn)) {
        st.execute(create);
      } catch (SQLException e) {
        if (!isDuplicate(e)) {
          throw e;
        }
      }
    }
  }

  private boolean exists(Connection conn, String name) throws SQLException {
    String sql =
        family == Family.POSTGRES
            ? "SELECT 1 FROM pg_proc WHERE proname = ? AND pronamespace ="
                + " (SELECT oid FROM pg_namespace WHERE nspname = current_schema())"
            : "SELECT 1 FROM information_schema.ROUTINES"
                + " WHERE ROUTINE_SCHEMA = DATABASE() AND ROUTINE_NAME = ?";
    try (PreparedStatement ps = StatementBinder.prepareOnce(conn, sql)) {
      ps.setString(1, name);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next();
      }
    }
  }

  private static boolean isDuplicate(SQLException e) {
    // PostgreSQL duplicate_function / a racing insert into pg_proc; MySQL ER_SP_ALREADY_EXISTS
    return "42723".equals(e.getSQLState())
        || "23505".equals(e.getSQLState())
        || e.getErrorCode() == 1304;
  }

  /**
   * {@link LinkWriter#upsert} on the server.
   *
   * @param insertFirst as in {@link LinkWriter#upsert}
   */
  public LinkWriteResult writeLink(Connection conn, Link link, boolean insertFirst)
      throws SQLException {
    LinkWriter.checkPayload(link);
    try (StatementBinder.Open open = StatementBinder.open(conn, writeLink)) {
      PreparedStatement ps = open.statement();
      ps.setLong(1, link.id1());
      ps.setLong(2, link.linkType());
      ps.setLong(3, link.id2());
      ps.setInt(4, link.visibility());
      ps.setBytes(5, link.data());
      ps.setLong(6, link.time());
      ps.setInt(7, link.version());
      ps.setBoolean(8, insertFirst);
      ps.setLong(9, System.currentTimeMillis());
      int outcome = singleInt(ps, "sg_write_link");
      return switch (outcome) {
        case 0 -> LinkWriteResult.UNCHANGED;
        case 1 -> LinkWriteResult.INSERTED;
        case 2 -> LinkWriteResult.UPDATED;
        default -> throw new SQLException("sg_write_link returned " + outcome + ", not 0, 1 or 2");
      };
    }
  }

  /** {@link LinkWriter#remove} on the server: whether the link existed. */
  public boolean removeLink(Connection conn, long id1, long linkType, long id2, boolean expunge)
      throws SQLException {
    try (StatementBinder.Open open = StatementBinder.open(conn, removeLink)) {
      PreparedStatement ps = open.statement();
      ps.setLong(1, id1);
      ps.setLong(2, linkType);
      ps.setLong(3, id2);
      ps.setBoolean(4, expunge);
      ps.setLong(5, System.currentTimeMillis());
      return singleInt(ps, "sg_remove_link") != 0;
    }
  }

  /** SQLState and message prefix of a failed precondition, raised by sg_tao_write. */
  static final String PRECONDITION_STATE = "45000";

  /** sg_tao_write's p_op for a write alone (a group passes each op's index). */
  private static final int ALONE = -1;

  /** The tag both message forms start with. */
  private static final String PRECONDITION_TAG = "sg-precondition";

  /**
   * One TAOBench write with its preconditions ({@link TaoWrites} for a group of one) on the server.
   * A failed precondition throws the same user abort as the step-by-step path.
   */
  public void taoWrite(Connection conn, TaoOp.WriteOp op) throws SQLException {
    checkPayload(op);
    AssocArgs assoc = AssocArgs.of(op);
    try (StatementBinder.Open open = StatementBinder.open(conn, taoWrite)) {
      PreparedStatement ps = open.statement();
      ps.setInt(1, ALONE);
      ps.setInt(2, kindCode(op.kind()));
      ps.setLong(3, op.id1());
      ps.setLong(4, assoc.linkType());
      ps.setLong(5, assoc.id2());
      ps.setInt(6, preconditionBits(op));
      ps.setLong(7, op.expectedVersion());
      ps.setInt(8, assoc.expectedVisibility());
      ps.setBytes(9, op.payload());
      ps.setLong(10, op.time());
      ps.setLong(11, System.currentTimeMillis());
      ps.execute();
    } catch (SQLException e) {
      throw preconditionOrSelf(e, op);
    }
  }

  /**
   * {@link TaoWrites} for a whole group, in one round trip, committing itself: one multi-statement
   * query that opens a transaction, observes the versions a read-then-CAS compares with, locks the
   * group's count and object rows in {@link TaoWrites.LockOrder}, applies each op with {@code
   * sg_tao_write} (given the op's index, so that it runs inside this transaction) and commits. The
   * server runs the statements of the step-by-step path in the same order with the same locks. A
   * statement that fails stops the query with the transaction open, so it is rolled back here (one
   * more round trip, on failure only) before the failure goes on: a failed precondition as the user
   * abort of the op that failed, anything else as it came. The connection must be in autocommit.
   */
  public void taoWriteGroup(Connection conn, List<TaoOp.WriteOp> ops) throws SQLException {
    for (TaoOp.WriteOp op : ops) {
      checkPayload(op);
    }
    String sql = writeGroupSql(family, ops, System.currentTimeMillis());
    try (Statement st = StatementBinder.plain(conn)) {
      boolean isResultSet = st.execute(sql);
      while (isResultSet || st.getUpdateCount() != -1) {
        isResultSet = st.getMoreResults();
      }
    } catch (SQLException e) {
      try (Statement st = StatementBinder.plain(conn)) {
        st.execute("ROLLBACK");
      } catch (SQLException rollbackFailure) {
        e.addSuppressed(rollbackFailure);
      }
      throw preconditionOrSelf(e, ops);
    }
  }

  /**
   * The query of {@link #taoWriteGroup}; {@code now} is the count rows' time (ms). The observed
   * versions travel between its statements in user variables on MariaDB and MySQL, and in settings
   * local to the transaction on PostgreSQL (empty: no such row).
   */
  static String writeGroupSql(Family family, List<TaoOp.WriteOp> ops, long now) {
    StringBuilder sql = new StringBuilder(256 + ops.size() * 200);
    sql.append(family.begin);
    for (int i = 0; i < ops.size(); i++) {
      TaoOp.WriteOp op = ops.get(i);
      if (TaoWrites.observesVersion(op)) {
        String versionQuery =
            op instanceof TaoOp.AssocWrite a
                ? "SELECT version FROM linktable WHERE id1 = "
                    + a.id1()
                    + " AND link_type = "
                    + a.linkType()
                    + " AND id2 = "
                    + a.id2()
                : "SELECT version FROM nodetable WHERE id = " + op.id1();
        sql.append(";\n").append(family.observe(i, versionQuery));
      }
    }
    TaoWrites.LockOrder order = TaoWrites.LockOrder.of(ops);
    for (long[] count : order.counts()) {
      String args = count[0] + ", " + count[1] + ", " + now + family.lockCountOut;
      sql.append(";\n").append(family.call("sg_lock_count", args));
    }
    for (long id : order.objects()) {
      sql.append(";\nSELECT version FROM nodetable WHERE id = ").append(id).append(" FOR UPDATE");
    }
    HexFormat hex = HexFormat.of();
    for (int i = 0; i < ops.size(); i++) {
      TaoOp.WriteOp op = ops.get(i);
      AssocArgs assoc = AssocArgs.of(op);
      String expected =
          TaoWrites.observesVersion(op)
              ? family.observed(i, op.expectedVersion())
              : String.valueOf(op.expectedVersion());
      String args =
          String.join(
              ", ",
              String.valueOf(i),
              String.valueOf(kindCode(op.kind())),
              String.valueOf(op.id1()),
              String.valueOf(assoc.linkType()),
              String.valueOf(assoc.id2()),
              String.valueOf(preconditionBits(op)),
              expected,
              String.valueOf(assoc.expectedVisibility()),
              family.bytes(hex.formatHex(op.payload())),
              String.valueOf(op.time()),
              String.valueOf(now));
      sql.append(";\n").append(family.call("sg_tao_write", args));
    }
    sql.append(";\nCOMMIT");
    return sql.toString();
  }

  /**
   * The routines' association arguments of a TAOBench write (zeros and HIDDEN for an object).
   *
   * @param expectedVisibility what VISIBILITY_MATCH compares with
   */
  private record AssocArgs(long linkType, long id2, int expectedVisibility) {
    static AssocArgs of(TaoOp.WriteOp op) {
      return op instanceof TaoOp.AssocWrite a
          ? new AssocArgs(a.linkType(), a.id2(), a.expectedVisibility())
          : new AssocArgs(0, 0, Link.HIDDEN);
    }
  }

  /** Rejects an association payload longer than the link column, as the step path does. */
  private static void checkPayload(TaoOp.WriteOp op) {
    if (op instanceof TaoOp.AssocWrite a) {
      LinkWriter.checkPayload(
          new Link(a.id1(), a.linkType(), a.id2(), Link.VISIBLE, a.payload(), 0, 0));
    }
  }

  private static RuntimeException preconditionOrSelf(SQLException e, TaoOp.WriteOp op)
      throws SQLException {
    return preconditionOrSelf(e, List.of(op));
  }

  /**
   * The user abort of the op of {@code ops} whose precondition the server reported failed
   * ('sg-precondition:NAME:detail' for a write alone, 'sg-precondition@index:NAME:detail' for an op
   * of a group), else {@code e} itself, thrown.
   */
  private static RuntimeException preconditionOrSelf(SQLException e, List<TaoOp.WriteOp> ops)
      throws SQLException {
    String message = e.getMessage() == null ? "" : e.getMessage();
    int at = message.indexOf(PRECONDITION_TAG);
    if (!PRECONDITION_STATE.equals(e.getSQLState()) || at < 0) {
      throw e;
    }
    String rest = message.substring(at + PRECONDITION_TAG.length());
    TaoOp.WriteOp op = ops.get(0);
    if (rest.startsWith("@")) {
      int end = rest.indexOf(':');
      try {
        int index = Integer.parseInt(rest.substring(1, end < 0 ? rest.length() : end));
        if (index < 0 || index >= ops.size()) {
          throw e;
        }
        op = ops.get(index);
      } catch (NumberFormatException notAnIndex) {
        throw e;
      }
      rest = end < 0 ? "" : rest.substring(end);
    }
    if (!rest.startsWith(":")) {
      throw e;
    }
    rest = rest.substring(1);
    int colon = rest.indexOf(':');
    String name = colon < 0 ? rest : rest.substring(0, colon);
    String detail = colon < 0 ? "" : rest.substring(colon + 1).lines().findFirst().orElse("");
    PreconditionFailure failure;
    try {
      failure = PreconditionFailure.valueOf(name.strip());
    } catch (IllegalArgumentException unknown) {
      throw e;
    }
    return failure.abort(op.kind() + " " + describe(op) + ": " + detail);
  }

  private static String describe(TaoOp.WriteOp op) {
    return op instanceof TaoOp.AssocWrite a
        ? "association (" + a.id1() + "," + a.linkType() + "," + a.id2() + ")"
        : "object " + op.id1();
  }

  /** The routine's p_kind. */
  static int kindCode(TaoOpKind kind) {
    return switch (kind) {
      case OBJECT_ADD -> 1;
      case OBJECT_UPDATE -> 2;
      case OBJECT_DELETE -> 3;
      case ASSOC_ADD -> 4;
      case ASSOC_UPDATE -> 5;
      case ASSOC_DELETE -> 6;
      default -> throw new IllegalArgumentException("not a write: " + kind);
    };
  }

  /** The routine's p_preconditions bit set. */
  static int preconditionBits(TaoOp.WriteOp op) {
    int bits = 0;
    bits |= op.has(Precondition.UNIQUE) ? 1 : 0;
    bits |= op.has(Precondition.BIDIRECTIONAL) ? 2 : 0;
    bits |= op.has(Precondition.VERSION_MATCH) ? 4 : 0;
    bits |= op.has(Precondition.VISIBILITY_MATCH) ? 8 : 0;
    bits |= op.has(Precondition.UPDATE_ONLY) ? 16 : 0;
    return bits;
  }

  private static int singleInt(PreparedStatement ps, String routine) throws SQLException {
    try (ResultSet rs = ps.executeQuery()) {
      if (!rs.next()) {
        throw new SQLException(routine + " returned no row");
      }
      return rs.getInt(1);
    }
  }
}
