package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.testing.QueryRows;
import io.kitesql.testing.TempDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * ASC and DESC after the columns of CREATE INDEX and of key constraints are accepted (as in
 * PostgreSQL and SQLite), and queries over such indexes, ranges and orders in every direction,
 * return what SQLite returns for the same schema and rows. Other column options are refused.
 */
class IndexColumnDirectionTest {
  private static final List<String> SCHEMA =
      List.of(
          "create table t (id int primary key, a int not null, b varchar(8) not null, c decimal(6,2))",
          "create index t_a_desc on t (a desc)",
          "create index t_ab on t (a DESC, b ASC)",
          "create unique index t_b_id on t (b asc, id desc)",
          "create index t_c on t (c desc, a)",
          "create table k (x int, y int, v int, primary key (x desc, y asc), unique (v desc))");

  @TempDatabase Database db;

  @Test
  void queriesOverIndexesDeclaredWithDirectionsAgreeWithSqlite() throws SQLException {
    try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite::memory:")) {
      var statements = new ArrayList<>(SCHEMA);
      var random = new Random(7);
      for (int id = 1; id <= 120; id++) {
        String c = random.nextInt(5) == 0 ? "null" : (random.nextInt(2000) - 1000) / 100.0 + "";
        statements.add(
            "insert into t values ("
                + id
                + ", "
                + random.nextInt(12)
                + ", 'w"
                + random.nextInt(9)
                + "', "
                + c
                + ")");
        statements.add("insert into k values (" + (id % 7) + ", " + id + ", " + (id * 3) + ")");
      }
      for (var sql : statements) {
        db.execute(sql);
        try (var s = sqlite.createStatement()) {
          s.execute(sql);
        }
      }
      var queries = new ArrayList<String>();
      for (var direction : List.of("asc", "desc")) {
        queries.add(
            "select id, a from t where a > 3 order by a " + direction + ", id " + direction);
        queries.add("select id, a, b from t where a = 5 order by b " + direction + ", id");
        queries.add(
            "select id, b from t where b >= 'w4' order by b " + direction + ", id " + direction);
        queries.add(
            "select id, cast(c as double) from t where c < 2.5 order by c " + direction + ", id");
        queries.add(
            "select id, cast(c as double) from t where c between -3.25 and 4 and a < 9 order by id "
                + direction);
        queries.add("select x, y from k where x = 3 and y > 40 order by y " + direction);
        queries.add("select x, y, v from k where v >= 300 order by v " + direction);
        queries.add("select id, a, b from t order by a " + direction + ", b, id limit 15");
      }
      for (var sql : queries) {
        assertThat(QueryRows.of(db, sql)).as(sql).isEqualTo(sqlite(sqlite, sql));
      }
      // the declared indexes exist and are used
      String plan =
          String.join("\n", QueryRows.of(db, "explain select id from t where a = 5 and b > 'w2'"));
      assertThat(plan).contains("using t_ab");
      assertThat(String.join("\n", QueryRows.of(db, "explain select id from t where c > 1")))
          .contains("using t_c");
      // UNIQUE (v DESC) is a unique constraint on v
      var duplicate =
          catchThrowableOfType(
              KiteSqlException.class, () -> db.execute("insert into k values (50, 50, 3)"));
      assertThat(duplicate.errorCode()).isEqualTo(ErrorCode.UNIQUE_VIOLATION);
    }
  }

  @Test
  void otherIndexColumnOptionsAreRefusedByName() {
    db.execute("create table t (a int, b int)");
    var error =
        catchThrowableOfType(
            KiteSqlException.class, () -> db.execute("create index t_a on t (a nulls first)"));
    assertThat(error.errorCode()).isEqualTo(ErrorCode.UNSUPPORTED_FEATURE);
    assertThat(error.getMessage()).containsIgnoringCase("nulls first");
  }

  private static List<String> sqlite(Connection sqlite, String sql) throws SQLException {
    var rows = new ArrayList<String>();
    try (var s = sqlite.createStatement();
        var rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        var values = new ArrayList<String>();
        for (int i = 1; i <= n; i++) {
          values.add(String.valueOf(rs.getObject(i)));
        }
        rows.add(String.join(",", values));
      }
    }
    return rows;
  }
}
