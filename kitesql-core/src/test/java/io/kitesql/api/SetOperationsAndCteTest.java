package io.kitesql.api;

import static io.kitesql.testing.QueryRows.column;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.storage.MappedRegions;
import io.kitesql.testing.TempDatabase;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Set operations, CTEs and VALUES tables through the API: reused prepared statements keep nothing
 * between executions (the hash tables of INTERSECT/EXCEPT/UNION are rebuilt from the current
 * transaction), text passes through them as views of the LMDB map, EXPLAIN shows them, and errors
 * carry their codes.
 */
class SetOperationsAndCteTest {
  @TempDatabase Database db;

  @BeforeEach
  void load() {
    db.execute("create table t (id int primary key, grp int, v varchar)");
    db.execute("create table u (id int primary key, v varchar)");
    db.execute("insert into t values (1, 1, 'a'), (2, 1, 'b'), (3, 2, 'c'), (4, 1, 'b')");
    db.execute("insert into u values (1, 'b'), (2, 'c')");
  }

  @Test
  void reusedStatementsSeeDataCommittedBetweenExecutions() {
    var statements =
        List.of(
            db.prepare("select v from t where grp = ? intersect select v from u order by 1"),
            db.prepare("select v from t where grp = ? except select v from u order by 1"),
            db.prepare("select v from t where grp = ? except all select v from u order by 1"),
            db.prepare("select v from t where grp = ? union select v from u order by 1"),
            db.prepare(
                "with g as (select v from t where grp = ?) select v from g union all select v from g order by 1"));
    var before = new ArrayList<List<String>>();
    try (var tx = db.beginRead()) {
      for (var s : statements) {
        before.add(column(tx.query(s, 1)));
      }
    }
    assertThat(before)
        .containsExactly(
            List.of("b"),
            List.of("a"),
            List.of("a", "b"),
            List.of("a", "b", "c"),
            List.of("a", "a", "b", "b", "b", "b"));
    db.execute("insert into u values (3, 'a')");
    db.execute("insert into t values (5, 1, 'd')");
    try (var tx = db.beginRead()) {
      assertThat(column(tx.query(statements.get(0), 1))).containsExactly("a", "b");
      assertThat(column(tx.query(statements.get(1), 1))).containsExactly("d");
      assertThat(column(tx.query(statements.get(2), 1))).containsExactly("b", "d");
      assertThat(column(tx.query(statements.get(3), 1))).containsExactly("a", "b", "c", "d");
      assertThat(column(tx.query(statements.get(4), 1)))
          .containsExactly("a", "a", "b", "b", "b", "b", "d", "d");
    }
  }

  @Test
  void textThroughSetOperationsIsAViewOfTheMap() {
    var map = MappedRegions.of(db.dataFile());
    var queries =
        List.of(
            "select v from t union select v from u",
            "select v from t union all select v from u",
            "select v from t intersect select v from u",
            "select v from t intersect all select v from u",
            "select v from t except select v from u",
            "select v from t except all select v from u",
            "with c as (select v from t where grp = 1) select v from c intersect select v from c",
            "select v from t union select v from u order by v desc limit 2");
    for (var sql : queries) {
      List<Text> texts = new ArrayList<>();
      try (var tx = db.beginRead();
          var rows = tx.query(sql)) {
        while (rows.next()) {
          texts.add((Text) rows.get(0));
        }
        assertThat(texts).as(sql).isNotEmpty();
        for (var t : texts) {
          assertThat(t.isBorrowed()).as(sql).isTrue();
          assertThat(map.contains(t.asReadOnlySegment().address(), t.utf8Length()))
              .as("%s: text lies in the LMDB map", sql)
              .isTrue();
        }
      }
    }
  }

  @Test
  void explainShowsSetOperationsWithAllTheirColumns() {
    List<String> lines =
        db.read(
            tx ->
                column(
                    tx.query("explain select v from t where grp = 1 except all select v from u")));
    assertThat(lines.getFirst()).isEqualTo("SetOperation EXCEPT ALL");
    assertThat(String.join("\n", lines))
        .contains("TableScan t columns=[grp, v]")
        .contains("TableScan u columns=[v]");
    // a filter over a set operation reaches both inputs' primary keys
    List<String> pushed =
        db.read(
            tx ->
                column(
                    tx.query(
                        "explain select v from (select id, v from t union select id, v from u) x where id = 1")));
    assertThat(String.join("\n", pushed))
        .contains("PrimaryKeyLookup t = (1)")
        .contains("PrimaryKeyLookup u = (1)");
    List<String> values =
        db.read(
            tx ->
                column(
                    tx.query(
                        "select v from (select id, v from t union select id, v from u) x where id = 1 order by v")));
    assertThat(values).containsExactly("a", "b");
  }

  @Test
  void recursiveCteRestartsOnEveryExecution() {
    var statement =
        db.prepare(
            "with recursive r(n) as (select 1 union all select n + 1 from r where n < ?) select count(*), max(n) from r");
    for (int limit : new int[] {5, 3, 1000, 3}) {
      var result =
          db.read(
              tx -> {
                try (var rows = tx.query(statement, limit)) {
                  rows.next();
                  return rows.getLong(0) + "/" + rows.getLong(1);
                }
              });
      assertThat(result).isEqualTo(limit + "/" + limit);
    }
    List<String> lines =
        db.read(
            tx ->
                column(
                    tx.query(
                        "explain with recursive r(n) as (select 1 union all select n + 1 from r where n < 3) select n from r")));
    assertThat(String.join("\n", lines))
        .contains("RecursiveUnion ALL #")
        .contains("WorkTableScan r #");
    assertThatThrownBy(
            () ->
                db.read(
                    tx ->
                        column(
                            tx.query(
                                "with recursive r(n) as (select 1 union all select n + 1 from r) select n from r"))))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("10000 rounds");
  }

  @Test
  void errorsCarryTheirCodes() {
    assertThatThrownBy(() -> db.prepare("select id, v from t union select v from u"))
        .isInstanceOf(KiteSqlException.class)
        .satisfies(
            e -> assertThat(((KiteSqlException) e).errorCode()).isEqualTo(ErrorCode.TYPE_MISMATCH))
        .hasMessageContaining("same number of columns");
    assertThatThrownBy(() -> db.prepare("select id from t union select v from u"))
        .satisfies(
            e -> assertThat(((KiteSqlException) e).errorCode()).isEqualTo(ErrorCode.TYPE_MISMATCH));
    assertThatThrownBy(() -> db.prepare("with c(a, b) as (select 1) select a from c"))
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode()).isEqualTo(ErrorCode.UNKNOWN_COLUMN));
  }
}
