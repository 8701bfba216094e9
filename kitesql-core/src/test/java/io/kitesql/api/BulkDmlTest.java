package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import io.kitesql.testing.QueryRows;
import io.kitesql.testing.TempDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bulk INSERT … SELECT and DELETE into a table with a primary key and secondary indexes (rows
 * written through a kept cursor, appended past the last key, index entries sorted per statement):
 * the same statements run on SQLite, whose tables are the expected ones; the indexes are checked
 * with {@link Database#checkIntegrity()} and read through index scans.
 */
class BulkDmlTest {
  private static final int ROWS = 3_000;
  private static final String COLUMNS =
      "(id int primary key, customer_id int, status varchar, amount int, note varchar)";
  private static final List<String> DDL =
      List.of(
          "create table src " + COLUMNS,
          "create table dst " + COLUMNS,
          "create index dst_customer on dst (customer_id)",
          "create index dst_status_amount on dst (status, amount)");
  private static final List<String> CHECKS =
      List.of(
          "select id, customer_id, status, amount, note from dst order by id",
          "select id from dst where customer_id = 7 order by id",
          "select id, amount from dst where status = 'paid' and amount > 300 order by id",
          "select count(*) from dst");

  @TempDatabase Database db;

  /** For the tests that open databases of their own. */
  @TempDir Path dir;

  /** Runs {@code sql} on both engines. */
  private static void both(Database db, Connection sqlite, String sql) throws SQLException {
    db.execute(sql);
    try (var s = sqlite.createStatement()) {
      s.executeUpdate(sql);
    }
  }

  private static List<String> sqliteRows(Connection sqlite, String sql) throws SQLException {
    var out = new ArrayList<String>();
    try (var s = sqlite.createStatement();
        var rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        var values = new ArrayList<String>();
        for (int i = 1; i <= n; i++) {
          values.add(String.valueOf(rs.getObject(i)));
        }
        out.add(String.join(",", values));
      }
    }
    return out;
  }

  private static void assertSame(Database db, Connection sqlite, String after) throws SQLException {
    for (var check : CHECKS) {
      assertThat(QueryRows.of(db, check))
          .as("%s, after %s", check, after)
          .isEqualTo(sqliteRows(sqlite, check));
    }
    assertThat(db.checkIntegrity().problems()).as("after %s", after).isEmpty();
  }

  /**
   * src gets ROWS rows; {@code laterTable}: a table created after dst, so dst's rows are not the
   * last keys.
   */
  private static void load(Database db, Connection sqlite, boolean laterTable) throws SQLException {
    var ddl = new ArrayList<>(DDL);
    if (laterTable) {
      ddl.add("create table later (id int primary key, v varchar)");
    }
    for (var sql : ddl) {
      both(db, sqlite, sql);
    }
    if (laterTable) {
      both(db, sqlite, "insert into later values (1, 'after dst in key order')");
    }
    var statuses = List.of("paid", "open", "shipped", "void");
    // 100 rows a statement: the parser's 2 s budget is wall-clock time, which a 500-row VALUES list
    // can use up on a loaded machine; what is tested here is the DML that follows.
    for (int from = 0; from < ROWS; from += 100) {
      var values = new ArrayList<String>();
      for (int i = from; i < from + 100; i++) {
        values.add(
            "(%d, %d, '%s', %d, 'note %d %s')"
                .formatted(
                    i,
                    (i * 37) % 101,
                    statuses.get(i % 4),
                    1 + (i * 7919) % 1000,
                    i,
                    "x".repeat(i % 50)));
      }
      both(db, sqlite, "insert into src values " + String.join(", ", values));
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"id", "3000 - id", "(id * 7919) % 3001", "id + 100000"})
  void insertSelectThenDeleteMatchSqlite(String pkExpression) throws SQLException {
    for (boolean laterTable : List.of(false, true)) {
      var sub = dir.resolve(laterTable ? "later" : "last");
      try (var db = KiteSql.open(sub, StorageOptions.defaults().withMapSize(64L << 20));
          var sqlite = DriverManager.getConnection("jdbc:sqlite::memory:")) {
        load(db, sqlite, laterTable);
        // half first (rows then lie on both sides of the second statement's keys), then the rest
        String select =
            "insert into dst select "
                + pkExpression
                + ", customer_id, status, amount, note from src where ";
        both(db, sqlite, select + "id % 2 = 0");
        assertSame(db, sqlite, "first insert, " + pkExpression);
        both(db, sqlite, select + "id % 2 = 1");
        assertSame(db, sqlite, "second insert, " + pkExpression);
        both(db, sqlite, "delete from dst where amount <= 500");
        assertSame(db, sqlite, "delete, " + pkExpression);
        both(db, sqlite, "delete from dst where note like '%x'");
        assertSame(db, sqlite, "second delete, " + pkExpression);
      }
    }
  }

  /**
   * DELETEs whose rows come in primary-key order (deleted through the positioned cursor) and out of
   * it (found through an index: deleted by key), and DELETEs whose WHERE reads the table they
   * delete from (each row is judged against the table as the statement found it).
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "delete from dst where customer_id = 7",
        "delete from dst where customer_id between 10 and 60 and amount > 200",
        "delete from dst where status = 'paid' and amount < 700",
        "delete from dst where amount > (select avg(amount) from dst)",
        "delete from dst where exists (select 1 from dst d2 where d2.id = dst.id + 1 and d2.amount > 500)",
        "delete from dst where id in (select id + 1 from dst where amount <= 500)",
        "delete from dst"
      })
  void deletesInAndOutOfKeyOrderMatchSqlite(String delete) throws SQLException {
    try (var sqlite = DriverManager.getConnection("jdbc:sqlite::memory:")) {
      load(db, sqlite, true);
      both(
          db,
          sqlite,
          "insert into dst select (id * 7919) % 3001, customer_id, status, amount, note from src");
      both(db, sqlite, delete);
      assertSame(db, sqlite, delete);
      both(
          db,
          sqlite,
          "insert into dst select id + 5000, customer_id, status, amount, note from src where id % 3 = 0");
      assertSame(db, sqlite, "an insert after " + delete);
    }
  }

  /**
   * Filtered UPDATEs and DELETEs over a table scan, whose rows are decoded past the filter's
   * columns only when they pass: NULLs in the filtered and in the other columns, filters on text
   * and on several columns, one prepared statement run with several parameters.
   */
  @Test
  void filteredUpdatesAndDeletesMatchSqlite() throws SQLException {
    try (var sqlite = DriverManager.getConnection("jdbc:sqlite::memory:")) {
      load(db, sqlite, false);
      both(db, sqlite, "insert into dst select * from src");
      both(db, sqlite, "update dst set amount = null, note = null where id % 7 = 3");
      both(db, sqlite, "update dst set status = null where id % 11 = 5");
      assertSame(db, sqlite, "updates that set NULLs");
      both(
          db,
          sqlite,
          "update dst set note = note || '+', customer_id = customer_id + 1 where status = 'open' and amount > 600");
      assertSame(db, sqlite, "an update filtered on text and an integer");
      var delete =
          db.prepare("delete from dst where amount < ? or amount is null and customer_id > ?");
      int[][] parameters = {{100, 90}, {300, 50}, {150, 0}};
      for (var p : parameters) {
        db.write(tx -> tx.execute(delete, p[0], p[1]));
        try (var s =
            sqlite.prepareStatement(
                "delete from dst where amount < ? or amount is null and customer_id > ?")) {
          s.setInt(1, p[0]);
          s.setInt(2, p[1]);
          s.executeUpdate();
        }
        assertSame(db, sqlite, "delete with " + p[0] + ", " + p[1]);
      }
      both(db, sqlite, "delete from dst where note like '%+'");
      assertSame(db, sqlite, "a delete filtered on text");
      var byAmount =
          db.prepare("delete from dst where amount >= ? and customer_id <> 3 and amount < 900");
      assertThat((long) db.<Long>write(tx -> tx.execute(byAmount, (Object) null)))
          .as("x >= NULL is never TRUE")
          .isZero();
      assertThat((long) db.<Long>write(tx -> tx.execute(byAmount, 800)))
          .isEqualTo(
              Long.parseLong(
                  sqliteRows(
                          sqlite,
                          "select count(*) from dst where amount >= 800 and customer_id <> 3 and amount < 900")
                      .getFirst()));
      try (var s = sqlite.createStatement()) {
        s.executeUpdate(
            "delete from dst where amount >= 800 and customer_id <> 3 and amount < 900");
      }
      assertSame(db, sqlite, "a delete by integer comparisons with a parameter");
    }
  }

  /**
   * {@code INSERT INTO t SELECT * FROM s} between tables of the same column types copies the stored
   * rows: into an empty table and one with rows on both sides, into a table whose NOT NULL column
   * gets a NULL (nothing written), from a table into itself (every key collides: nothing written),
   * and between tables of other column types or with a hidden row id (the general path).
   */
  @Test
  void insertSelectOfWholeRowsMatchesSqlite() throws SQLException {
    try (var sqlite = DriverManager.getConnection("jdbc:sqlite::memory:")) {
      load(db, sqlite, true);
      both(db, sqlite, "update src set customer_id = null, status = null where id % 13 = 4");
      both(db, sqlite, "insert into dst select * from src");
      assertSame(db, sqlite, "a whole-row copy into an empty table");
      both(db, sqlite, "delete from dst where id % 3 = 0");
      both(db, sqlite, "create table mid " + COLUMNS);
      both(db, sqlite, "insert into mid select * from src where id % 3 = 0");
      both(db, sqlite, "insert into dst select id, customer_id, status, amount, note from mid");
      assertSame(db, sqlite, "a copy between the rows already there");
      for (var failing :
          List.of("insert into dst select * from mid", "insert into dst select * from dst")) {
        assertThatThrownBy(() -> db.execute(failing))
            .isInstanceOfSatisfying(
                KiteSqlException.class,
                e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNIQUE_VIOLATION));
        assertSame(db, sqlite, "the failed " + failing);
      }
      both(
          db,
          sqlite,
          "create table strict (id int primary key, customer_id int not null, status varchar, amount int, note varchar)");
      assertThatThrownBy(() -> db.execute("insert into strict select * from src"))
          .isInstanceOfSatisfying(
              KiteSqlException.class,
              e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.NOT_NULL_VIOLATION));
      both(db, sqlite, "insert into strict select * from src where customer_id is not null");
      both(
          db,
          sqlite,
          "create table wide (id bigint primary key, customer_id bigint, status varchar, amount int, note varchar)");
      both(db, sqlite, "create index wide_amount on wide (amount)");
      both(db, sqlite, "insert into wide select * from src");
      both(
          db,
          sqlite,
          "create table heap (id int, customer_id int, status varchar, amount int, note varchar)");
      both(db, sqlite, "insert into heap select * from src");
      both(db, sqlite, "insert into heap select * from heap");
      for (var check :
          List.of(
              "select * from strict order by id",
              "select * from wide where amount < 100 order by id",
              "select count(*), sum(id), max(note) from heap")) {
        assertThat(QueryRows.of(db, check)).as(check).isEqualTo(sqliteRows(sqlite, check));
      }
      assertThat(db.checkIntegrity().problems()).isEmpty();
    }
  }

  /**
   * INSERT … SELECT and DELETE whose copied pages outgrow a small map: replayed on the grown map.
   */
  @Test
  void bulkStatementsThatGrowTheMapMatchSqlite() throws Exception {
    var options = StorageOptions.defaults().withMapSize(1L << 20).withMaxMapSize(256L << 20);
    try (var db = KiteSql.open(dir, options);
        var sqlite = DriverManager.getConnection("jdbc:sqlite::memory:")) {
      load(db, sqlite, false);
      var file = dir.resolve("data.mdb");
      assertThat(Files.size(file)).as("the loaded file fits the first map").isLessThan(1L << 20);
      both(
          db,
          sqlite,
          "insert into dst select id, customer_id, status, amount, note || note || note from src");
      both(db, sqlite, "delete from dst where amount <= 500");
      both(
          db,
          sqlite,
          "insert into dst select id + 3000, customer_id, status, amount, note || note || note from src");
      both(db, sqlite, "delete from dst where customer_id < 50");
      both(db, sqlite, "create table copy " + COLUMNS);
      both(db, sqlite, "create index copy_status on copy (status, note)");
      both(db, sqlite, "insert into copy select * from dst");
      assertThat(QueryRows.of(db, "select * from copy order by id"))
          .isEqualTo(sqliteRows(sqlite, "select * from dst order by id"));
      // LMDB writes pages only inside its map: a file past the first map's size means the map grew.
      assertThat(Files.size(file)).as("data.mdb after the statements").isGreaterThan(1L << 20);
      assertSame(db, sqlite, "statements that grew the map");
    }
  }

  @Test
  void aDuplicateKeyMidStatementWritesNothingOfIt() throws SQLException {
    try (var sqlite = DriverManager.getConnection("jdbc:sqlite::memory:")) {
      load(db, sqlite, false);
      both(db, sqlite, "insert into dst values (1500, 7, 'paid', 999, 'already there')");
      db.write(
          tx -> {
            tx.execute("insert into dst values (-1, 7, 'paid', 400, 'earlier statement stays')");
            // rows 0..1499 go in below the last key before 1500 collides
            assertThatThrownBy(() -> tx.execute("insert into dst select * from src"))
                .isInstanceOf(KiteSqlException.class)
                .satisfies(
                    e ->
                        assertThat(((KiteSqlException) e).errorCode())
                            .isEqualTo(ErrorCode.UNIQUE_VIOLATION));
            // rows 1501..2999 are appended past the last key before 2000 comes again
            assertThatThrownBy(
                    () ->
                        tx.execute(
                            "insert into dst select * from src where id > 1500 union all select * from src where id = 2000"))
                .isInstanceOf(KiteSqlException.class)
                .satisfies(
                    e ->
                        assertThat(((KiteSqlException) e).errorCode())
                            .isEqualTo(ErrorCode.UNIQUE_VIOLATION));
            return null;
          });
      try (var s =
          sqlite.createStatement()) { // what KiteSQL committed: the earlier statement alone
        s.executeUpdate("insert into dst values (-1, 7, 'paid', 400, 'earlier statement stays')");
      }
      assertSame(db, sqlite, "the failed statements");
      both(
          db,
          sqlite,
          "insert into dst select * from src where id > 1500"); // the transaction after goes on
      assertSame(db, sqlite, "an insert after them");
    }
  }

  @Test
  void aUniqueSecondaryIndexViolatedWithinTheStatementWritesNothing() throws SQLException {
    try (var sqlite = DriverManager.getConnection("jdbc:sqlite::memory:")) {
      load(db, sqlite, false);
      both(db, sqlite, "create unique index dst_note on dst (note)");
      both(db, sqlite, "insert into dst select * from src where id < 1000");
      // ids 1000.. are new, but the notes of 2000.. repeat those of 1000.. (the second half
      // collides)
      assertThatThrownBy(
              () ->
                  db.execute(
                      "insert into dst select id, customer_id, status, amount, 'n' || (id % 1000) from src where id >= 1000"))
          .isInstanceOf(KiteSqlException.class)
          .satisfies(
              e ->
                  assertThat(((KiteSqlException) e).errorCode())
                      .isEqualTo(ErrorCode.UNIQUE_VIOLATION));
      assertSame(db, sqlite, "the failed statement");
      both(db, sqlite, "delete from dst where customer_id < 50");
      assertSame(db, sqlite, "delete with a unique index");
    }
  }

  @Test
  void aRolledBackBulkDeleteLeavesEveryRowAndEntry() throws SQLException {
    try (var sqlite = DriverManager.getConnection("jdbc:sqlite::memory:")) {
      load(db, sqlite, false);
      both(db, sqlite, "insert into dst select * from src");
      long matching =
          Long.parseLong(
              sqliteRows(sqlite, "select count(*) from dst where amount <= 500").getFirst());
      try (var tx = db.beginWrite()) {
        assertThat(tx.execute("delete from dst where amount <= 500")).isEqualTo(matching);
        tx.rollback();
      }
      assertSame(db, sqlite, "a rolled-back delete");
    }
  }
}
