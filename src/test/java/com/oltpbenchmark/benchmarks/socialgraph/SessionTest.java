package com.oltpbenchmark.benchmarks.socialgraph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.oltpbenchmark.benchmarks.socialgraph.Request.Outcome;
import com.oltpbenchmark.benchmarks.socialgraph.Request.Shape;
import com.oltpbenchmark.benchmarks.socialgraph.Session.Switching;
import com.oltpbenchmark.benchmarks.socialgraph.database.DatabaseFamily;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Delivery;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.Delivery.Mode;
import com.oltpbenchmark.benchmarks.socialgraph.procedures.ServerWriteRoutines;
import com.oltpbenchmark.types.DatabaseType;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The session's decision table, on connections that only answer what the session asks (driver name,
 * URL, product name): for every database family, every answer a driver can give (which driver, at
 * which isolation level, with several statements per query or not) and every request shape, the
 * delivery; and what each way of switching autocommit does to the connection.
 */
class SessionTest {

  private static final int RC = Connection.TRANSACTION_READ_COMMITTED;
  private static final int SERIALIZABLE = Connection.TRANSACTION_SERIALIZABLE;

  /** What a driver answers, and the isolation level the run set. */
  private enum Driver {
    PGJDBC("PostgreSQL JDBC Driver", "jdbc:postgresql://h/db", RC),
    PGJDBC_SERIALIZABLE("PostgreSQL JDBC Driver", "jdbc:postgresql://h/db", SERIALIZABLE),
    MARIADB_MULTI("MariaDB Connector/J", "jdbc:mariadb://h/db?allowMultiQueries=true", RC),
    MARIADB("MariaDB Connector/J", "jdbc:mariadb://h/db", RC),
    MARIADB_SERIALIZABLE(
        "MariaDB Connector/J", "jdbc:mariadb://h/db?allowMultiQueries=true", SERIALIZABLE),
    MYSQL_CJ("MySQL Connector/J", "jdbc:mysql://h/db?allowMultiQueries=true", RC),
    OTHER("SQLite JDBC", "jdbc:sqlite:x.db", SERIALIZABLE);

    final String name;
    final String url;
    final int isolation;

    Driver(String name, String url, int isolation) {
      this.name = name;
      this.url = url;
      this.isolation = isolation;
    }
  }

  private static final String SHAPES =
      "SINGLE_STATEMENT_READ READ_TRANSACTION READ_GROUP ONE_ROUND_TRIP_WRITE WRITE_GROUP";

  /**
   * Family (by a configured type of it), driver, whether the run has server routines, then the
   * delivery of each shape in {@link #SHAPES}' order: A autocommit, S self-committing, T in a
   * transaction. Families without routines are listed without them only. Derived from the delivery
   * rules by hand, row by row, not computed.
   */
  private static final List<String> TABLE =
      List.of(
          // PostgreSQL: autocommit is a local flag with pgjdbc at any level
          "POSTGRES    PGJDBC               routines A T A S S",
          "POSTGRES    PGJDBC               -        A T A T T",
          "POSTGRES    PGJDBC_SERIALIZABLE  routines A T A S S",
          "POSTGRES    PGJDBC_SERIALIZABLE  -        A T A T T",
          // another driver on a PostgreSQL server: a write group is one query with pgjdbc only
          "POSTGRES    MARIADB_MULTI        routines A T A S T",
          "POSTGRES    MARIADB_MULTI        -        A T A T T",
          "POSTGRES    MARIADB              routines A T A S T",
          "POSTGRES    MARIADB              -        A T A T T",
          "POSTGRES    MARIADB_SERIALIZABLE routines T T T T T",
          "POSTGRES    MARIADB_SERIALIZABLE -        T T T T T",
          "POSTGRES    MYSQL_CJ             routines T T T T T",
          "POSTGRES    MYSQL_CJ             -        T T T T T",
          "POSTGRES    OTHER                routines T T T T T",
          "POSTGRES    OTHER                -        T T T T T",
          // MariaDB, MySQL, MyRocks: a write group is one query with multi-queries allowed
          "MARIADB     MARIADB_MULTI        routines A T A S S",
          "MYROCKS     MARIADB_MULTI        -        A T A T T",
          "MARIADB     MARIADB              routines A T A S T",
          "MYSQL       MARIADB              -        A T A T T",
          // InnoDB's SERIALIZABLE locks a plain SELECT only outside autocommit: kept
          "MARIADB     MARIADB_SERIALIZABLE routines T T T T T",
          "MARIADB     MARIADB_SERIALIZABLE -        T T T T T",
          // MySQL Connector/J refuses a commit in autocommit and switches with a round trip
          "MYSQL       MYSQL_CJ             routines T T T T T",
          "MYSQL       MYSQL_CJ             -        T T T T T",
          "MYROCKS     PGJDBC               routines A T A S T",
          "MARIADB     PGJDBC               -        A T A T T",
          "MARIADB     PGJDBC_SERIALIZABLE  routines A T A S T",
          "MARIADB     PGJDBC_SERIALIZABLE  -        A T A T T",
          "MARIADB     OTHER                routines T T T T T",
          "MARIADB     OTHER                -        T T T T T",
          // CockroachDB, SQLite, any other type: no routines, and a read group is not one statement
          "COCKROACHDB PGJDBC               -        A T T T T",
          "COCKROACHDB PGJDBC_SERIALIZABLE  -        A T T T T",
          "COCKROACHDB MARIADB_MULTI        -        A T T T T",
          "COCKROACHDB MARIADB              -        A T T T T",
          "COCKROACHDB MARIADB_SERIALIZABLE -        T T T T T",
          "COCKROACHDB MYSQL_CJ             -        T T T T T",
          "COCKROACHDB OTHER                -        T T T T T",
          "SQLITE      PGJDBC               -        A T T T T",
          "SQLITE      PGJDBC_SERIALIZABLE  -        A T T T T",
          "SQLITE      MARIADB_MULTI        -        A T T T T",
          "SQLITE      MARIADB              -        A T T T T",
          "SQLITE      MARIADB_SERIALIZABLE -        T T T T T",
          "SQLITE      MYSQL_CJ             -        T T T T T",
          "SQLITE      OTHER                -        T T T T T",
          "HSQLDB      PGJDBC               -        A T T T T",
          "HSQLDB      PGJDBC_SERIALIZABLE  -        A T T T T",
          "HSQLDB      MARIADB_MULTI        -        A T T T T",
          "HSQLDB      MARIADB              -        A T T T T",
          "HSQLDB      MARIADB_SERIALIZABLE -        T T T T T",
          "HSQLDB      MYSQL_CJ             -        T T T T T",
          "HSQLDB      OTHER                -        T T T T T");

  @Test
  void everyFamilyDriverAndShapeGetsItsDelivery() throws SQLException {
    List<String> wrong = new ArrayList<>();
    String[] shapes = SHAPES.split(" ");
    for (String row : TABLE) {
      String[] f = row.trim().split("\\s+");
      DatabaseType type = DatabaseType.valueOf(f[0]);
      Driver driver = Driver.valueOf(f[1]);
      ServerWriteRoutines routines =
          f[2].equals("routines") ? ServerWriteRoutines.forDatabase(type).orElseThrow() : null;
      Session session = new Session(type, driver.isolation, routines);
      Connection conn = new FakeConnection(driver.name, driver.url, "unused").proxy();
      for (int i = 0; i < shapes.length; i++) {
        Delivery d = session.delivery(conn, Shape.valueOf(shapes[i]));
        String got =
            switch (d.mode()) {
              case AUTOCOMMIT -> "A";
              case SELF_COMMITTING -> "S";
              case IN_TRANSACTION -> "T";
            };
        if (!got.equals(f[3 + i])) {
          wrong.add(row.trim() + ": " + shapes[i] + " got " + d.mode());
        }
        assertSame(DatabaseFamily.of(type), d.family(), row);
        assertSame(routines, d.routines(), row);
      }
    }
    assertEquals(List.of(), wrong);
  }

  @Test
  void theTableHasARowForEveryFamilyDriverAndRoutinesChoice() {
    List<String> missing = new ArrayList<>();
    for (DatabaseFamily family : DatabaseFamily.values()) {
      for (Driver driver : Driver.values()) {
        for (boolean routines : family.routines() != null ? List.of(true, false) : List.of(false)) {
          boolean listed =
              TABLE.stream()
                  .map(r -> r.trim().split("\\s+"))
                  .anyMatch(
                      r ->
                          DatabaseFamily.of(DatabaseType.valueOf(r[0])) == family
                              && r[1].equals(driver.name())
                              && r[2].equals("routines") == routines);
          if (!listed) {
            missing.add(family + " " + driver + (routines ? " routines" : ""));
          }
        }
      }
    }
    assertEquals(List.of(), missing);
    assertEquals(Shape.values().length, SHAPES.split(" ").length, "every shape is a column");
  }

  @Test
  void withoutAConfiguredTypeTheFamilyIsTheServersByItsProductName() throws SQLException {
    Session session = new Session(null, RC, null);
    Connection conn =
        new FakeConnection(Driver.MARIADB.name, Driver.MARIADB.url, "MariaDB").proxy();
    assertSame(DatabaseFamily.MYSQL, session.delivery(conn, Shape.READ_GROUP).family());
    assertEquals(Mode.AUTOCOMMIT, session.delivery(conn, Shape.READ_GROUP).mode());
  }

  @Test
  void theDriverIsAskedOnceAndEachModeIsOneInstance() throws SQLException {
    Session session = new Session(DatabaseType.POSTGRES, RC, null);
    FakeConnection fake = new FakeConnection(Driver.PGJDBC.name, Driver.PGJDBC.url, "PostgreSQL");
    Connection conn = fake.proxy();
    Delivery first = session.delivery(conn, Shape.SINGLE_STATEMENT_READ);
    int asked = fake.metaDataCalls;
    for (Shape shape : Shape.values()) {
      session.delivery(conn, shape);
    }
    assertSame(first, session.delivery(conn, Shape.SINGLE_STATEMENT_READ));
    assertSame(
        session.delivery(conn, Shape.READ_TRANSACTION), session.delivery(conn, Shape.WRITE_GROUP));
    assertEquals(asked, fake.metaDataCalls, "learned from the first connection, once");
  }

  @Test
  void switchingFollowsWhatItCostsTheDriver() {
    assertEquals(Switching.AROUND_EACH_READ, Session.switchingFor("PostgreSQL JDBC Driver", RC));
    assertEquals(
        Switching.AROUND_EACH_READ, Session.switchingFor("PostgreSQL JDBC Driver", SERIALIZABLE));
    assertEquals(Switching.UNTIL_NEXT_TRANSACTION, Session.switchingFor("MariaDB Connector/J", RC));
    // InnoDB's SERIALIZABLE locks plain SELECTs only outside autocommit: keep that
    assertEquals(Switching.UNCHANGED, Session.switchingFor("MariaDB Connector/J", SERIALIZABLE));
    assertEquals(Switching.UNCHANGED, Session.switchingFor("MySQL Connector/J", RC));
    assertEquals(Switching.UNCHANGED, Session.switchingFor("SQLite JDBC", RC));
    assertEquals(Switching.UNCHANGED, Session.switchingFor(null, RC));
  }

  @Test
  void aroundEachReadAutocommitIsOnForTheRequestOnlyEvenWhenItFails() throws SQLException {
    FakeConnection fake = new FakeConnection(Driver.PGJDBC.name, Driver.PGJDBC.url, "PostgreSQL");
    Connection conn = fake.proxy();
    Session session = new Session(DatabaseType.POSTGRES, RC, null);
    Delivery d = session.delivery(conn, Shape.SINGLE_STATEMENT_READ);
    session.runInAutocommit(conn, ranIn(fake), d);
    assertEquals(List.of("autocommit on", "ran in autocommit", "autocommit off"), fake.log);
    fake.log.clear();
    SQLException failure = new SQLException("boom");
    assertSame(
        failure,
        assertThrows(
            SQLException.class,
            () ->
                session.runInAutocommit(
                    conn,
                    (c, delivery) -> {
                      throw failure;
                    },
                    d)));
    assertEquals(List.of("autocommit on", "autocommit off"), fake.log);
  }

  @Test
  void untilTheNextTransactionAutocommitStaysOnAfterARead() throws SQLException {
    FakeConnection fake = new FakeConnection(Driver.MARIADB.name, Driver.MARIADB.url, "MariaDB");
    Connection conn = fake.proxy();
    Session session = new Session(DatabaseType.MARIADB, RC, null);
    Delivery d = session.delivery(conn, Shape.SINGLE_STATEMENT_READ);
    session.runInAutocommit(conn, ranIn(fake), d);
    session.runInAutocommit(conn, ranIn(fake), d);
    session.commit(conn); // nothing open: nothing sent
    session.beginTransaction(conn);
    session.beginTransaction(conn);
    session.commit(conn);
    assertEquals(
        List.of(
            "autocommit on", "ran in autocommit", "ran in autocommit", "autocommit off", "commit"),
        fake.log);
  }

  @Test
  void unchangedAutocommitIsNeverSwitched() throws SQLException {
    FakeConnection fake = new FakeConnection(Driver.MYSQL_CJ.name, Driver.MYSQL_CJ.url, "MySQL");
    Connection conn = fake.proxy();
    Session session = new Session(DatabaseType.MYSQL, RC, null);
    Delivery d = session.delivery(conn, Shape.SINGLE_STATEMENT_READ);
    assertEquals(Mode.IN_TRANSACTION, d.mode());
    session.runInAutocommit(conn, ranIn(fake), d);
    session.beginTransaction(conn);
    session.commit(conn);
    assertEquals(List.of("ran in a transaction", "commit"), fake.log);
  }

  private static Request.Body ranIn(FakeConnection fake) {
    return (conn, delivery) -> {
      fake.log.add(fake.autoCommit ? "ran in autocommit" : "ran in a transaction");
      return Outcome.READ;
    };
  }

  /** A connection out of autocommit, as the runtime hands it over, answering only what is asked. */
  private static final class FakeConnection {
    final String driverName;
    final String url;
    final String product;
    final List<String> log = new ArrayList<>();
    boolean autoCommit;
    int metaDataCalls;

    FakeConnection(String driverName, String url, String product) {
      this.driverName = driverName;
      this.url = url;
      this.product = product;
    }

    Connection proxy() {
      DatabaseMetaData meta =
          (DatabaseMetaData)
              Proxy.newProxyInstance(
                  getClass().getClassLoader(),
                  new Class<?>[] {DatabaseMetaData.class},
                  (p, m, args) ->
                      switch (m.getName()) {
                        case "getDriverName" -> driverName;
                        case "getURL" -> url;
                        case "getDatabaseProductName" -> product;
                        default -> throw new UnsupportedOperationException(m.getName());
                      });
      return (Connection)
          Proxy.newProxyInstance(
              getClass().getClassLoader(),
              new Class<?>[] {Connection.class},
              (p, m, args) -> {
                switch (m.getName()) {
                  case "getMetaData":
                    metaDataCalls++;
                    return meta;
                  case "getAutoCommit":
                    return autoCommit;
                  case "setAutoCommit":
                    autoCommit = (Boolean) args[0];
                    log.add(autoCommit ? "autocommit on" : "autocommit off");
                    return null;
                  case "commit":
                    log.add("commit");
                    return null;
                  case "hashCode":
                    return System.identityHashCode(p);
                  case "equals":
                    return p == args[0];
                  default:
                    throw new UnsupportedOperationException(m.getName());
                }
              });
    }
  }
}
