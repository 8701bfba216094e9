package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.KiteSqlException;
import io.kitesql.testing.TempDatabase;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.StringJoiner;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Random INSERT ... ON CONFLICT, UPDATE ... RETURNING and DELETE ... RETURNING statements run on
 * KiteSQL and on SQLite (3.35+ has PostgreSQL's upsert and RETURNING): after every statement both
 * must agree on failing or not, on the count, on the returned rows and on the whole table.
 *
 * <p>Only where the two agree: DO UPDATE statements propose distinct arbiter values (SQLite updates
 * a row twice where PostgreSQL and KiteSQL refuse: {@code UpsertTest}), expressions in DO UPDATE
 * are qualified (an unqualified name is the stored row's in SQLite, ambiguous in PostgreSQL), keys
 * are never NULL (SQLite allows NULL in a non-integer primary key).
 */
class UpsertSqliteDifferentialTest {
  private static final int STATEMENTS = 150;
  private static final String[] WORDS = {"a", "bb", "c", "dd", "é"};

  @TempDatabase Database db;

  @ParameterizedTest
  @ValueSource(longs = {1, 2, 3, 4, 5, 6})
  void kiteSqlAndSqliteAgreeOnEveryStatement(long seed) throws SQLException {
    var random = new Random(seed);
    try (Connection sqlite = DriverManager.getConnection("jdbc:sqlite::memory:")) {
      for (var ddl :
          List.of(
              "create table u (k int primary key, tag int, v int, w varchar(8))",
              "create unique index u_tag on u (tag)",
              "create index u_v on u (v)")) {
        db.execute(ddl);
        try (var s = sqlite.createStatement()) {
          s.execute(ddl);
        }
      }
      int failures = 0;
      for (int i = 0; i < STATEMENTS; i++) {
        var sql = statement(random);
        var kite = runKite(db, sql);
        var lite = runSqlite(sqlite, sql);
        assertThat(kite).as("seed %d, statement %d: %s", seed, i, sql).isEqualTo(lite);
        failures += kite.failed() ? 1 : 0;
        assertThat(table(db)).as("seed %d, after %s", seed, sql).isEqualTo(table(sqlite));
      }
      // the workload exercises both outcomes, and the indexes stayed consistent with the rows
      assertThat(failures).isBetween(1, STATEMENTS / 2);
      assertThat(db.checkIntegrity().problems()).isEmpty();
    }
  }

  /**
   * What a statement did: failed, or its count (-1 with RETURNING) and its returned rows, sorted.
   */
  record Outcome(boolean failed, long count, List<String> returned) {
    static final Outcome FAILED = new Outcome(true, 0, List.of());
  }

  private static String statement(Random r) {
    return switch (r.nextInt(10)) {
      case 0 ->
          "update u set v = v + "
              + r.nextInt(5)
              + " where k < "
              + r.nextInt(9)
              + " returning k, v, w";
      case 1 -> "delete from u where v > " + (10 + r.nextInt(20)) + " returning *";
      default -> upsert(r);
    };
  }

  private static String upsert(Random r) {
    int kind = r.nextInt(5);
    boolean byTag = kind == 2 || kind == 4;
    boolean doUpdate = kind >= 3;
    var rows = new StringJoiner(", ");
    var keys = new HashSet<Integer>();
    var tags = new HashSet<Integer>();
    int n = 1 + r.nextInt(4);
    for (int i = 0; i < n; i++) {
      int k = 1 + r.nextInt(8);
      Integer tag = r.nextInt(5) == 0 ? null : 1 + r.nextInt(8);
      // DO UPDATE: distinct arbiter values, so no row can be proposed twice (see the class comment)
      if (doUpdate && (byTag ? tag != null && !tags.add(tag) : !keys.add(k))) {
        continue;
      }
      String w = r.nextInt(4) == 0 ? "null" : "'" + WORDS[r.nextInt(WORDS.length)] + "'";
      rows.add("(" + k + ", " + tag + ", " + r.nextInt(20) + ", " + w + ")");
    }
    var sql = new StringBuilder("insert into u values ").append(rows);
    sql.append(
        switch (kind) {
          case 0 -> " on conflict do nothing";
          case 1 -> " on conflict (k) do nothing";
          case 2 -> " on conflict (tag) do nothing";
          case 3 ->
              " on conflict (k) do update set v = u.v + excluded.v"
                  + (r.nextBoolean() ? ", tag = excluded.tag" : "")
                  + (r.nextBoolean() ? ", w = excluded.w" : "");
          default ->
              " on conflict (tag) do update set v = excluded.v, w = u.w || coalesce(excluded.w, '-')";
        });
    if (doUpdate && r.nextBoolean()) {
      sql.append(" where u.v < ").append(r.nextInt(25));
    }
    if (r.nextBoolean()) {
      sql.append(" returning k, tag, v, w");
    }
    return sql.toString();
  }

  private static Outcome runKite(Database db, String sql) {
    try {
      var statement = db.prepare(sql);
      if (!statement.returnsRows()) {
        return new Outcome(false, db.execute(sql), List.of());
      }
      return new Outcome(
          false,
          -1,
          db.write(
              tx -> {
                var out = new ArrayList<String>();
                try (var rows = tx.query(statement)) {
                  while (rows.next()) {
                    out.add(render(rows.values()));
                  }
                }
                return sorted(out);
              }));
    } catch (KiteSqlException e) {
      return Outcome.FAILED;
    }
  }

  private static Outcome runSqlite(Connection sqlite, String sql) {
    try (var s = sqlite.createStatement()) {
      if (!sql.contains("returning")) {
        return new Outcome(false, s.executeUpdate(sql), List.of());
      }
      var out = new ArrayList<String>();
      try (var rs = s.executeQuery(sql)) {
        int columns = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          var row = new Object[columns];
          for (int c = 0; c < columns; c++) {
            row[c] = rs.getObject(c + 1);
          }
          out.add(render(row));
        }
      }
      return new Outcome(false, -1, sorted(out));
    } catch (SQLException e) {
      return Outcome.FAILED;
    }
  }

  private static List<String> table(Database db) {
    return db.read(
        tx -> {
          var out = new ArrayList<String>();
          try (var rows = tx.query("select k, tag, v, w from u order by k")) {
            while (rows.next()) {
              out.add(render(rows.values()));
            }
          }
          return out;
        });
  }

  private static List<String> table(Connection sqlite) throws SQLException {
    var out = new ArrayList<String>();
    try (var s = sqlite.createStatement();
        var rs = s.executeQuery("select k, tag, v, w from u order by k")) {
      while (rs.next()) {
        out.add(
            render(
                new Object[] {rs.getObject(1), rs.getObject(2), rs.getObject(3), rs.getObject(4)}));
      }
    }
    return out;
  }

  private static String render(Object[] row) {
    var out = new StringJoiner("|");
    for (var v : row) {
      out.add(String.valueOf(v));
    }
    return out.toString();
  }

  private static List<String> sorted(List<String> rows) {
    rows.sort(Comparator.naturalOrder());
    return rows;
  }
}
