package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.testing.TempDatabase;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * LIMIT and OFFSET parameters are row counts: integers bind as such (a paging repository binds
 * them).
 */
class LimitParameterTest {
  @TempDatabase Database db;

  @Test
  void limitAndOffsetParametersTakeIntegers() {
    db.execute("create table t (id int primary key)");
    for (int i = 1; i <= 10; i++) {
      db.execute("insert into t values (?)", i);
    }
    var ids =
        db.read(tx -> tx.query("select id from t order by id limit ? offset ?", 3L, 4).toList());
    assertThat(ids).extracting(row -> row[0]).containsExactly(5, 6, 7);
    var named =
        db.read(
            tx ->
                tx.query(
                        db.prepare("select id from t order by id limit :n offset :skip"),
                        Map.of("n", 2, "skip", 8L))
                    .toList());
    assertThat(named).extracting(row -> row[0]).containsExactly(9, 10);
  }

  @Test
  void offsetRowsFetchNextParametersTakeIntegers() {
    db.execute("create table t (id int primary key)");
    for (int i = 1; i <= 10; i++) {
      db.execute("insert into t values (?)", i);
    }
    // the standard spelling, as jOOQ writes it for PostgreSQL
    var ids =
        db.read(
            tx ->
                tx.query("select id from t order by id offset ? rows fetch next ? rows only", 6, 3L)
                    .toList());
    assertThat(ids).extracting(row -> row[0]).containsExactly(7, 8, 9);
    var first =
        db.read(
            tx ->
                tx.query("select id from t order by id desc fetch first ? rows only", 2).toList());
    assertThat(first).extracting(row -> row[0]).containsExactly(10, 9);
  }
}
