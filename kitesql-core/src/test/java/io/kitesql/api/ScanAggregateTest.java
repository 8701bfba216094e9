package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.testing.TempDatabase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The edges of aggregations read from the stored row (COUNT/SUM/MIN/MAX over a filtered scan):
 * empty input, NULL group keys, SUM overflow, filters that also read text, an index that covers the
 * query (no stored row), and a transaction that sees its own writes.
 */
class ScanAggregateTest {
  @TempDatabase(mapSize = 1L << 28)
  Database db;

  @BeforeEach
  void schema() {
    db.execute("create table t (id int primary key, k bigint, v int, w bigint, s varchar)");
    db.execute("create index t_v on t (v)");
  }

  private static List<List<Object>> rows(Transaction tx, String sql, Object... params) {
    var out = new ArrayList<List<Object>>();
    try (var rows = tx.query(sql, params)) {
      while (rows.next()) {
        out.add(Arrays.asList(rows.values().clone()));
      }
    }
    return out;
  }

  @Test
  void emptyInputGivesOneRowWithoutKeysAndNoneWithAKey() {
    try (var tx = db.beginRead()) {
      assertThat(
              rows(tx, "select count(*), count(s), sum(v), min(w), max(v) from t where v > ?", 0))
          .containsExactly(Arrays.asList(0L, 0L, null, null, null));
      assertThat(rows(tx, "select k, count(*) from t where v > ? group by k", 0)).isEmpty();
    }
  }

  @Test
  void nullKeysFormOneGroupAndGroupsComeInOrderOfFirstAppearance() {
    db.execute(
        "insert into t values (1, 5, 10, 1, 'a'), (2, null, 20, 2, null), (3, 5, null, 3, 'c'),"
            + " (4, -9000000000, 40, null, 'd'), (5, null, 50, 5, 'e'), (6, 7, 60, 6, 'f')");
    try (var tx = db.beginRead()) {
      assertThat(
              rows(
                  tx,
                  "select k, count(*), count(v), sum(v), min(w), max(w) from t where id > ? group by k",
                  0))
          .containsExactly(
              Arrays.asList(5L, 2L, 1L, 10L, 1L, 3L),
              Arrays.asList(null, 2L, 2L, 70L, 2L, 5L),
              Arrays.asList(-9_000_000_000L, 1L, 1L, 40L, null, null),
              Arrays.asList(7L, 1L, 1L, 60L, 6L, 6L));
      // a grouped key of type INT comes back as an Integer, MIN/MAX keep their argument's type
      assertThat(rows(tx, "select v, min(v), max(k) from t where id <= ? group by v", 2))
          .containsExactly(Arrays.asList(10, 10, 5L), Arrays.asList(20, 20, null));
    }
  }

  @Test
  void aSumBeyondBigintFailsWithValueOutOfRange() {
    db.execute(
        "insert into t values (1, 1, 1, 9223372036854775000, 'a'), (2, 1, 2, 9223372036854775000, 'b')");
    try (var tx = db.beginRead()) {
      assertThatThrownBy(() -> rows(tx, "select sum(w) from t where v > ?", 0))
          .isInstanceOf(KiteSqlException.class)
          .satisfies(
              e ->
                  assertThat(((KiteSqlException) e).errorCode())
                      .isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE));
      assertThat(rows(tx, "select sum(w) from t where v > ?", 1))
          .containsExactly(List.of(9223372036854775000L));
    }
  }

  @Test
  void filtersThatReadTextAndCoveringIndexesGiveTheSameAnswers() {
    var insert = db.prepare("insert into t values (?, ?, ?, ?, ?)");
    db.write(
        tx -> {
          for (int id = 0; id < 300; id++) {
            tx.execute(
                insert, id, (long) id % 4, id % 9 == 0 ? null : id, (long) id * 1000, "s" + id % 5);
          }
          return null;
        });
    long count = 0, sum = 0, max = Long.MIN_VALUE;
    for (int id = 0; id < 300; id++) {
      if (id % 9 != 0 && id > 100 && id % 5 == 2) {
        count++;
        sum += id;
        max = Math.max(max, (long) id * 1000);
      }
    }
    try (var tx = db.beginRead()) {
      assertThat(rows(tx, "select count(*), sum(v), max(w) from t where v > ? and s = 's2'", 100))
          .containsExactly(List.of(count, sum, max));
      // v is indexed: the range may come from the index alone (no stored row to read)
      long n = 0, total = 0;
      for (int id = 201; id < 300; id++) {
        if (id % 9 != 0) {
          n++;
          total += id;
        }
      }
      assertThat(rows(tx, "select count(*), sum(v), min(v) from t where v > ?", 200))
          .containsExactly(List.of(n, total, 201));
      assertThat(rows(tx, "select count(v) from t where v >= ? and v <= ?", 10, 12))
          .containsExactly(List.of(3L));
    }
  }

  @Test
  void aWriteTransactionCountsItsOwnRows() {
    db.execute("insert into t values (1, 1, 5, 1, 'a')");
    db.write(
        tx -> {
          tx.execute("insert into t values (2, 1, 6, 2, 'b')");
          assertThat(rows(tx, "select count(*), sum(v) from t where v > ?", 0))
              .containsExactly(List.of(2L, 11L));
          tx.execute("delete from t where id = 1");
          assertThat(rows(tx, "select count(*), sum(v) from t where v > ?", 0))
              .containsExactly(List.of(1L, 6L));
          return null;
        });
  }
}
