package io.kitesql.api;

import static io.kitesql.testing.QueryRows.column;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.testing.TempDatabase;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * GROUP BY, DISTINCT, hash joins and set operations over long texts whose hashes all collide (they
 * share their length and their first and last 128 bytes, which is all the text hash reads) give the
 * same answers as SQLite, as do NULL keys, {@code -0.0} against {@code 0.0}, decimals of different
 * scale and columns of mixed types in UNION. That such keys cost O(log n) comparisons each is
 * counted in {@code exec.RowKeyTest}.
 */
class LongTextKeysTest {
  private static final int DISTINCT_TEXTS = 300;

  @TempDatabase Database db;
  private Connection sqlite;

  @BeforeEach
  void open() throws SQLException {
    sqlite = DriverManager.getConnection("jdbc:sqlite::memory:");
    var ddl = "create table t (id int primary key, s varchar(6000), g int)";
    db.execute(ddl);
    try (var s = sqlite.createStatement()) {
      s.execute(ddl);
    }
    var random = new Random(8);
    var rows = new ArrayList<Object[]>();
    int id = 0;
    for (int i = 0; i < DISTINCT_TEXTS; i++) {
      for (int copies = 1 + random.nextInt(3); copies > 0; copies--) {
        rows.add(new Object[] {id++, collidingText(i), random.nextInt(4)});
      }
    }
    for (int i = 0; i < 5; i++) {
      rows.add(new Object[] {id++, null, i % 2});
      rows.add(new Object[] {id++, "short " + (i % 3), i});
    }
    db.write(
        tx -> {
          var insert = db.prepare("insert into t values (?, ?, ?)");
          for (var row : rows) {
            tx.execute(insert, row);
          }
          return null;
        });
    try (var insert = sqlite.prepareStatement("insert into t values (?, ?, ?)")) {
      for (var row : rows) {
        for (int c = 0; c < 3; c++) {
          insert.setObject(c + 1, row[c]);
        }
        insert.executeUpdate();
      }
    }
  }

  @AfterEach
  void close() throws SQLException {

    sqlite.close();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "select s, count(*), sum(g) from t group by s",
        "select s, g, count(*) from t group by s, g",
        "select distinct s from t",
        "select count(distinct s) from t",
        "select a.id, b.id from t a join t b on a.s = b.s",
        "select a.id, b.id from t a join t b on a.s = b.s and a.g = b.g",
        "select s from t where id < 400 intersect select s from t where id >= 200",
        "select s from t where id < 400 except select s from t where id >= 200",
        "select s from t where g = 0 union select s from t where g = 1",
        "select s, g from t where g < 2 union select s, g from t where g > 0",
        "select count(*) from (select s from t union all select s from t) u",
      })
  void collidingLongTextsAgreeWithSqlite(String sql) throws SQLException {
    var kite = kite(sql);
    assertThat(kite).isNotEmpty().isEqualTo(sqlite(sql));
  }

  @Test
  void theWorkloadHasTheExpectedShape() {
    // every long key is distinct and all share one hash-relevant prefix, suffix and length
    assertThat(kite("select count(distinct s) from t where length(s) > 300"))
        .containsExactly(String.valueOf(DISTINCT_TEXTS));
    assertThat(
            kite(
                "select count(distinct length(s)), count(distinct substr(s, 1, 128)),"
                    + " count(distinct substr(s, length(s) - 127)) from t where length(s) > 300"))
        .containsExactly("1|1|1");
    assertThat(String.join("\n", explain("select a.id from t a join t b on a.s = b.s")))
        .contains("HashJoin INNER keys=[s] = [s]");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "select d, count(*) from (select 0.0e0 d union all select -0.0e0 union all select 0.0e0"
            + " union all select 1.5e0 union all select null union all select null) x group by d",
        "select distinct d from (select -0.0e0 d union all select 0.0e0 union all select 2.0e0) x",
        "select -0.0e0 union select 0.0e0",
        "select m, count(*) from (select 1.0 m union all select 1.00 union all select 1"
            + " union all select 2.50 union all select 2.5 union all select null) x group by m",
        "select distinct m from (select 1.0 m union all select 1.000 union all select 0.0"
            + " union all select 0.00) x",
        "select 1.0 union select 1.00 union select 1.000",
        "select 1.10 intersect select 1.1",
        "select 2.0 except select 2.00",
        "select null union select null",
        "select null intersect select null",
        "select 1, 'a' union select 1, 'a' union select 2, null union select 2, null",
        "select 1 union select 1.0",
        "select 1 union select 1.5e0 union select 1.0",
        "select 1.5e0 union select 1.5",
        "select cast(1 as bigint) union select 1 union select 1.00",
        "select g from t union select id from t where id < 10",
        "select g * 1.0 from t union select id * 1e0 from t where id < 10",
      })
  void sqlEqualityOfKeysAgreesWithSqlite(String sql) throws SQLException {
    assertThat(kite(sql)).isEqualTo(sqlite(sql));
  }

  private List<String> explain(String sql) {
    return db.read(tx -> column(tx.query("explain " + sql)));
  }

  /**
   * Distinct 5000-character texts that differ only in characters 2496..2503 (texts over 1 KiB are
   * hashed by their ends).
   */
  private static String collidingText(int i) {
    var middle = String.format("%08d", i);
    return "p".repeat(2496) + middle + "q".repeat(2496);
  }

  private List<String> kite(String sql) {
    return db.read(
        tx -> {
          var out = new ArrayList<String>();
          try (var rows = tx.query(sql)) {
            while (rows.next()) {
              out.add(render(rows.values()));
            }
          }
          out.sort(null);
          return out;
        });
  }

  private List<String> sqlite(String sql) throws SQLException {
    var out = new ArrayList<String>();
    try (var s = sqlite.createStatement();
        var rs = s.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        var row = new Object[columns];
        for (int c = 0; c < columns; c++) {
          row[c] = rs.getObject(c + 1);
        }
        out.add(render(row));
      }
    }
    out.sort(null);
    return out;
  }

  /** Numbers by value (SQLite has no decimal type, and prints -0.0 as 0.0), the rest as text. */
  private static String render(Object[] row) {
    var out = new StringJoiner("|");
    for (var v : row) {
      out.add(
          switch (v) {
            case Number n -> {
              var d = new BigDecimal(n.toString()).stripTrailingZeros();
              yield d.signum() == 0 ? "0" : d.toPlainString();
            }
            case null -> "null";
            default -> v.toString();
          });
    }
    return out.toString();
  }
}
