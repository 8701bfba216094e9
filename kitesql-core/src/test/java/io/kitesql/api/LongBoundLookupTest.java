package io.kitesql.api;

import static io.kitesql.testing.QueryRows.column;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.testing.TempDatabase;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * An index or key lookup by a value too long to be stored as a key (LMDB keys: 511 bytes) is a
 * legal query: it must answer like any other, not fail with KEY_TOO_LARGE. The stored values share
 * a long prefix with the bounds, so the scan has to step over keys between the bound's storable
 * prefix and the bound itself. Expected rows come from filtering the inserted values in Java.
 */
class LongBoundLookupTest {
  @TempDatabase Database db;

  @Test
  void rangesAndEqualityWithBoundsLongerThanAnyKey() {
    String stem = "k".repeat(470); // with a 15-char suffix the entry key is just under 511 bytes
    var values =
        new ArrayList<String>(
            List.of(
                "a",
                "z",
                stem,
                stem + "a",
                stem + "b",
                stem + "bx",
                stem + "b" + "x".repeat(14),
                stem + "by",
                stem + "c",
                stem + "b" + "w".repeat(14),
                stem + "b" + "y".repeat(14)));
    db.execute("create table t (id int primary key, s varchar)");
    db.execute("create index t_s on t (s)");
    var insert = db.prepare("insert into t values (?, ?)");
    db.write(
        tx -> {
          for (int i = 0; i < values.size(); i++) {
            tx.execute(insert, i, values.get(i));
          }
          return null;
        });
    var bounds =
        List.of(
            stem + "b" + "x".repeat(200),
            stem + "b" + "x".repeat(14) + "y".repeat(300),
            "k".repeat(600),
            stem + "a".repeat(300));
    for (var bound : bounds) {
      check(db, values, bound, "=", c -> c == 0);
      check(db, values, bound, "<", c -> c < 0);
      check(db, values, bound, "<=", c -> c <= 0);
      check(db, values, bound, ">", c -> c > 0);
      check(db, values, bound, ">=", c -> c >= 0);
    }
    List<String> plan = db.read(tx -> column(tx.query("explain select id from t where s > ?")));
    assertThat(String.join("\n", plan)).contains("IndexRangeScan t using t_s");
  }

  private static void check(
      Database db, List<String> values, String bound, String op, IntPredicate wanted) {
    for (var direction : List.of("asc", "desc")) {
      // ASCII text: UTF-8 byte order is String order.
      var comparator = Comparator.<Integer, String>comparing(values::get).thenComparing(i -> i);
      var expected =
          IntStream.range(0, values.size())
              .boxed()
              .filter(i -> wanted.test(Integer.signum(values.get(i).compareTo(bound))))
              .sorted(direction.equals("asc") ? comparator : comparator.reversed())
              .map(Integer::longValue)
              .toList();
      var sql =
          "select id from t where s " + op + " ? order by s " + direction + ", id " + direction;
      List<Long> actual =
          db.read(
              tx -> {
                var ids = new ArrayList<Long>();
                try (var rows = tx.query(sql, bound)) {
                  while (rows.next()) {
                    ids.add(rows.getLong(0));
                  }
                }
                return ids;
              });
      assertThat(actual).as("%s (bound of %d chars)", sql, bound.length()).isEqualTo(expected);
    }
  }
}
