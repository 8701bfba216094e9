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
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Numeric columns of every width and scale compared with parameters and literals of other types and
 * scales, on KiteSQL and on SQLite: both must return the same rows. A comparison compares the exact
 * values: {@code amount = 1.004} matches no 1.00, {@code amount > 752.615} matches 752.62, a value
 * beyond a column's range is simply above or below every value. Each column is compared without an
 * index, through a secondary index and as a primary key, so key ranges bounded by values no key can
 * hold are covered too.
 *
 * <p>SQLite stores DECIMAL as REAL: every stored value and every probe here has at most 15
 * significant digits, so distinct values stay distinct and ordered as doubles, and the two engines
 * can disagree only by a wrong answer.
 */
class NumericComparisonDifferentialTest {
  /** Column name, type, and the values stored in rows 1..n (a row n+1 holds NULLs). */
  private record Column(String name, String type, List<String> values) {}

  private static final List<Column> COLUMNS =
      List.of(
          new Column(
              "s",
              "smallint",
              List.of(
                  "-32768", "-753", "-3", "-1", "0", "1", "2", "3", "752", "753", "846", "32767")),
          new Column(
              "i",
              "int",
              List.of(
                  "-2147483648",
                  "-753",
                  "-3",
                  "-1",
                  "0",
                  "1",
                  "2",
                  "3",
                  "752",
                  "753",
                  "32768",
                  "2147483647")),
          new Column(
              "b",
              "bigint",
              List.of(
                  "-999999999999999",
                  "-753",
                  "-3",
                  "0",
                  "1",
                  "2",
                  "3",
                  "752",
                  "753",
                  "2147483648",
                  "100000000000000",
                  "999999999999999")),
          new Column(
              "d0",
              "decimal(5,0)",
              List.of(
                  "-99999", "-753", "-3", "-1", "0", "1", "2", "3", "752", "753", "846", "99999")),
          new Column(
              "d2",
              "decimal(12,2)",
              List.of(
                  "-9999999999.99",
                  "-752.62",
                  "-1.00",
                  "0.00",
                  "0.99",
                  "1.00",
                  "1.01",
                  "752.61",
                  "752.62",
                  "846.41",
                  "1000.50",
                  "9999999999.99")),
          new Column(
              "d4",
              "decimal(15,4)",
              List.of(
                  "-99999999999.9999",
                  "-752.6150",
                  "-1.0040",
                  "0.0000",
                  "0.0001",
                  "1.0000",
                  "1.0040",
                  "2.5000",
                  "752.6150",
                  "752.6200",
                  "846.4050",
                  "99999999999.9999")),
          new Column(
              "f",
              "double",
              List.of(
                  "-1.0E300",
                  "-752.625",
                  "-2.5",
                  "-0.5",
                  "0.0",
                  "0.5",
                  "1.0",
                  "1.25",
                  "752.625",
                  "846.5",
                  "1.0E15",
                  "1.0E300")));

  private static final List<String> PROBES =
      List.of(
          "0",
          "1",
          "-1",
          "3",
          "1.004",
          "1.005",
          "0.995",
          "-1.004",
          "2.5",
          "-2.5",
          "752.615",
          "-752.615",
          "752.62",
          "752.625",
          "846.405",
          "0.0001",
          "-0.001",
          "0.00001",
          "32767.5",
          "32768",
          "-32769",
          "99999",
          "99999.5",
          "2147483648",
          "-2147483649",
          "99999999999.99",
          "9999999999.995",
          "-9999999999.995",
          "99999999999.9999",
          "999999999999999",
          "1000000000000000",
          "1E+20",
          "-1E+20",
          "1E-30",
          "1E+300");

  private static final List<String> OPERATORS = List.of("=", "<>", "<", "<=", ">", ">=");

  @TempDatabase Database db;
  private Connection sqlite;

  @BeforeEach
  void load() throws SQLException {
    sqlite = DriverManager.getConnection("jdbc:sqlite::memory:");
    String columns =
        COLUMNS.stream().map(c -> c.name() + " " + c.type()).collect(Collectors.joining(", "));
    var ddl =
        new ArrayList<>(
            List.of(
                "create table plain (id int primary key, " + columns + ")",
                "create table indexed (id int primary key, " + columns + ")"));
    for (var c : COLUMNS) {
      ddl.add("create index indexed_" + c.name() + " on indexed (" + c.name() + ")");
      ddl.add("create table pk_" + c.name() + " (k " + c.type() + " primary key, id int)");
    }
    int rows = COLUMNS.getFirst().values().size();
    for (int r = 0; r <= rows; r++) {
      int row = r;
      String values =
          COLUMNS.stream()
              .map(c -> row < rows ? c.values().get(row) : "null")
              .collect(Collectors.joining(", "));
      ddl.add("insert into plain values (" + (r + 1) + ", " + values + ")");
      ddl.add("insert into indexed values (" + (r + 1) + ", " + values + ")");
      for (var c : COLUMNS) {
        if (row < rows) {
          ddl.add(
              "insert into pk_"
                  + c.name()
                  + " values ("
                  + c.values().get(row)
                  + ", "
                  + (r + 1)
                  + ")");
        }
      }
    }
    for (var sql : ddl) {
      db.execute(sql);
      try (var s = sqlite.createStatement()) {
        s.execute(sql);
      }
    }
  }

  @AfterEach
  void close() throws SQLException {

    sqlite.close();
  }

  @Test
  void everyColumnTypeComparedWithEveryProbeAgreesWithSqlite() throws SQLException {
    int compared = 0;
    for (var c : COLUMNS) {
      for (var from : List.of("plain", "indexed", "pk")) {
        String table = from.equals("pk") ? "pk_" + c.name() : from;
        String column = from.equals("pk") ? "k" : c.name();
        for (var op : OPERATORS) {
          String sql = "select id from " + table + " where " + column + " " + op + " ? order by id";
          for (var probe : PROBES) {
            var exact = new BigDecimal(probe);
            String literal =
                "select id from "
                    + table
                    + " where "
                    + column
                    + " "
                    + op
                    + " "
                    + probe
                    + " order by id";
            var expected = sqlite(sql, exact);
            assertThat(kite(sql, exact))
                .as("%s with BigDecimal %s", sql, probe)
                .isEqualTo(expected);
            assertThat(kite(sql, exact.doubleValue()))
                .as("%s with Double %s", sql, probe)
                .isEqualTo(expected);
            if (isLong(exact)) {
              assertThat(kite(sql, exact.longValueExact()))
                  .as("%s with Long %s", sql, probe)
                  .isEqualTo(expected);
            }
            assertThat(kite(literal)).as(literal).isEqualTo(sqlite(literal));
            compared++;
          }
        }
      }
    }
    assertThat(compared).isEqualTo(COLUMNS.size() * 3 * OPERATORS.size() * PROBES.size());
  }

  @Test
  void rangesBoundedOnBothSidesAndInListsAgreeWithSqlite() throws SQLException {
    for (var c : COLUMNS) {
      for (var from : List.of("plain", "indexed", "pk")) {
        String table = from.equals("pk") ? "pk_" + c.name() : from;
        String column = from.equals("pk") ? "k" : c.name();
        for (int i = 0; i < PROBES.size(); i += 2) {
          var low = new BigDecimal(PROBES.get(i));
          var high = new BigDecimal(PROBES.get((i * 7 + 3) % PROBES.size()));
          for (var sql :
              List.of(
                  "select id from "
                      + table
                      + " where "
                      + column
                      + " > ? and "
                      + column
                      + " < ? order by id",
                  "select id from "
                      + table
                      + " where "
                      + column
                      + " >= ? and "
                      + column
                      + " <= ? order by id",
                  "select id from " + table + " where " + column + " between ? and ? order by id",
                  "select id from " + table + " where " + column + " in (?, ?) order by id",
                  "select id from " + table + " where " + column + " not in (?, ?) order by id")) {
            assertThat(kite(sql, low, high))
                .as("%s with %s, %s", sql, low, high)
                .isEqualTo(sqlite(sql, low, high));
            assertThat(kite(sql, high, low))
                .as("%s with %s, %s", sql, high, low)
                .isEqualTo(sqlite(sql, high, low));
          }
        }
      }
    }
  }

  @Test
  void theIndexedAndKeyQueriesUseTheirKeys() {
    for (var c : COLUMNS) {
      assertThat(explain("select id from indexed where " + c.name() + " > ?"))
          .contains("IndexRangeScan indexed using indexed_" + c.name());
      assertThat(explain("select id from pk_" + c.name() + " where k > ?"))
          .contains("PrimaryKeyRangeScan pk_" + c.name());
      assertThat(explain("select id from indexed where " + c.name() + " = ?"))
          .contains("indexed using indexed_" + c.name());
    }
    // literals of a larger scale or precision than the column keep the key range too
    assertThat(explain("select id from indexed where d2 >= 99999999999.99"))
        .contains("IndexRangeScan indexed using indexed_d2");
  }

  private String explain(String sql) {
    return db.read(tx -> String.join("\n", column(tx.query("explain " + sql))));
  }

  private static boolean isLong(BigDecimal d) {
    try {
      d.longValueExact();
      return true;
    } catch (ArithmeticException e) {
      return false;
    }
  }

  private List<Long> kite(String sql, Object... params) {
    return db.read(
        tx -> {
          var ids = new ArrayList<Long>();
          try (var rows = tx.query(sql, params)) {
            while (rows.next()) {
              ids.add(rows.getLong(0));
            }
          }
          return ids;
        });
  }

  /** SQLite's answer, each parameter bound as an INTEGER if it is one, else as a REAL. */
  private List<Long> sqlite(String sql, BigDecimal... params) throws SQLException {
    try (var s = sqlite.prepareStatement(sql)) {
      for (int i = 0; i < params.length; i++) {
        if (isLong(params[i])) {
          s.setLong(i + 1, params[i].longValueExact());
        } else {
          s.setDouble(i + 1, params[i].doubleValue());
        }
      }
      var ids = new ArrayList<Long>();
      try (var rs = s.executeQuery()) {
        while (rs.next()) {
          ids.add(rs.getLong(1));
        }
      }
      return ids;
    }
  }
}
