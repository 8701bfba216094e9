package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.TableStats;
import io.kitesql.testing.Databases;
import io.kitesql.testing.TempDatabase;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * ANALYZE measures rows and the distinct values of every key prefix; the figures survive a reopen,
 * follow index changes, and each expected figure is counted from the inserted rows.
 */
class AnalyzeTest {
  @TempDatabase Database db;

  @BeforeEach
  void load() {
    db.execute("create table t (a int, b varchar, c int, primary key (a, b))");
    db.execute("create index t_c on t (c)");
    db.execute("create index t_cb on t (c, b)");
    // a in 0..9, b in 'x0'..'x19' (200 rows); c = a % 3, or NULL when a = 9
    for (int a = 0; a < 10; a++) {
      for (int b = 0; b < 20; b++) {
        db.execute("insert into t values (?, ?, ?)", a, "x" + b, a == 9 ? null : a % 3);
      }
    }
    db.execute("create table heap (v varchar)");
    db.execute("insert into heap values ('p'), ('q')");
  }

  @Test
  void measuresRowsAndDistinctPrefixesOfEveryKey() {
    assertThat(stats("t").analyzed()).isFalse();
    db.execute("analyze t");
    var stats = stats("t");
    assertThat(stats.rows()).isEqualTo(200);
    assertThat(stats.distinct(Optional.empty(), 1)).hasValue(10); // a
    assertThat(stats.distinct(Optional.empty(), 2)).hasValue(200); // (a, b)
    var c = db.catalog().requireTable("t").index("t_c");
    assertThat(stats.distinct(c, 1)).hasValue(4); // 0, 1, 2 and NULL
    var cb = db.catalog().requireTable("t").index("t_cb");
    assertThat(stats.distinct(cb, 1)).hasValue(4);
    assertThat(stats.distinct(cb, 2)).hasValue(4 * 20); // every (c, b) pair: each c has all 20 b
    assertThat(stats.distinct(cb, 3))
        .isEqualTo(OptionalLong.empty()); // the primary key's columns are not measured
    assertThat(stats("heap").analyzed()).isFalse(); // only the table named
  }

  @Test
  void analyzeWithoutANameMeasuresEveryTableAndSurvivesAReopen() {
    db.execute("ANALYZE;");
    assertThat(stats("heap").rows()).isEqualTo(2);
    assertThat(stats("heap").distinct()).isEmpty(); // no primary key, no index
    db = Databases.reopen(db);
    assertThat(stats("t").rows()).isEqualTo(200);
    assertThat(stats("t").distinct(db.catalog().requireTable("t").index("t_c"), 1)).hasValue(4);
  }

  @Test
  void aDroppedIndexTakesItsFiguresAlong() {
    db.execute("analyze t");
    db.execute("drop index t_cb");
    db.execute("create index t_b on t (b)"); // may be given the dropped index's id
    var t = db.catalog().requireTable("t");
    assertThat(t.stats().distinct(t.index("t_b"), 1)).isEmpty();
    db = Databases.reopen(db);
    t = db.catalog().requireTable("t");
    assertThat(t.stats().distinct(t.index("t_b"), 1)).isEmpty();
    assertThat(t.stats().distinct(t.index("t_c"), 1)).hasValue(4);
  }

  @Test
  void analyzeStaleMeasuresTablesNeverMeasuredOrWhoseRowsMovedByATenth() {
    db.execute("create table \"Mixed Case\" (id int primary key)");
    assertThat(db.analyzeStale()).containsExactly("Mixed Case", "heap", "t");
    assertThat(db.analyzeStale()).isEmpty(); // current
    db.execute("insert into heap select 'r' || a || b from t"); // 2 -> 202 rows
    db.execute("insert into t values (100, 'y', 1)"); // 200 -> 201: within a tenth
    assertThat(db.analyzeStale()).containsExactly("heap");
    assertThat(stats("heap").rows()).isEqualTo(202);
    assertThat(stats("t").rows()).isEqualTo(200);
  }

  @Test
  void analyzeRefusesViewsAndUnknownTables() {
    db.execute("create view v as select a from t");
    assertThatThrownBy(() -> db.execute("analyze v"))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.WRONG_STATEMENT_KIND))
        .hasMessageContaining("view v");
    assertThatThrownBy(() -> db.execute("analyze nothing"))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNKNOWN_TABLE));
  }

  private TableStats stats(String table) {
    return db.catalog().requireTable(table).stats();
  }
}
