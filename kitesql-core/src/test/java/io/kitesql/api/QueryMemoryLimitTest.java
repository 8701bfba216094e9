package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.testing.TempDatabase;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The rows a statement's operators hold are bounded by {@link Database#setQueryMemoryLimit}: a
 * sort, hash table, window, buffered join or recursive CTE over more rows than the limit allows
 * fails with QUERY_MEMORY_LIMIT naming the operator and the limit (instead of an OutOfMemoryError
 * for the whole JVM), and the database keeps working.
 */
class QueryMemoryLimitTest {
  private static final long LIMIT = 1 << 20;

  /** t: 600 rows, so t x t is 360,000 rows (tens of MB held); u: 20,000 rows (a few MB held). */
  private static final int T_ROWS = 600;

  private static final int U_ROWS = 20_000;

  @TempDatabase Database db;

  @BeforeEach
  void fill() {
    db.execute("create table t (id int primary key, v varchar(40))");
    db.execute("create table u (id int primary key, v varchar(40))");
    db.write(
        tx -> {
          var t = db.prepare("insert into t values (?, ?)");
          for (int i = 0; i < T_ROWS; i++) {
            tx.execute(t, i, "value " + i);
          }
          var u = db.prepare("insert into u values (?, ?)");
          for (int i = 0; i < U_ROWS; i++) {
            tx.execute(u, i, "value " + (i % 5000));
          }
          return null;
        });
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "select a.id, b.id from t a, t b order by a.v, b.v | sort",
        "select a.id, b.id from t a, t b order by a.v, b.v limit 200000 | top-N sort",
        "select a.id, b.id, count(*) from t a, t b group by a.id, b.id | hash aggregate",
        "select a.v, count(distinct b.id * 1000 + a.id) from t a, t b group by a.v | hash aggregate",
        "select distinct a.id, b.id from t a, t b | DISTINCT",
        "select a.id, b.id from t a, t b union select b.id, a.id from t a, t b | UNION",
        "select a.id, b.id from t a, t b intersect select b.id, a.id from t a, t b | INTERSECT",
        "select a.id, b.id from t a, t b except select b.id, a.id from t a, t b where a.id = 0 | EXCEPT",
        "select a.id, row_number() over (order by b.v) from t a, t b | window",
        "select count(*) from u a join u b on a.v = b.v | hash join",
        "select count(*) from t a join u b on a.v < b.v | nested loop join",
        "with recursive r(n, s) as (select id, v from u union all select n + 1, s from r where n < 3) select count(*) from r"
            + " | recursive CTE",
      })
  void anOperatorHoldingMoreThanTheLimitFailsNamingItAndTheDatabaseKeepsWorking(
      String sql, String operator) {
    db.setQueryMemoryLimit(LIMIT);
    assertThatThrownBy(() -> db.read(tx -> tx.query(sql).toList()))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("the " + operator)
        .hasMessageContaining("query memory limit of 1.0 MiB")
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode())
                    .isEqualTo(ErrorCode.QUERY_MEMORY_LIMIT));

    // the same database, the same statement text: a small input fits, and so does the big one under
    // a higher limit
    assertThat(count("select count(*) from t")).isEqualTo(T_ROWS);
    db.execute("insert into t values (?, ?)", T_ROWS, "one more");
    assertThat(count("select count(*) from t")).isEqualTo(T_ROWS + 1);
    db.setQueryMemoryLimit(1L << 30);
    List<Object[]> rows = db.read(tx -> tx.query(sql).toList());
    assertThat(rows).isNotEmpty();
  }

  @Test
  void borrowedTextCountsAsAReferenceAndOwnedTextAsItsBytes() {
    db.execute("create table notes (id int primary key, body varchar)");
    var body = "x".repeat(16 << 10);
    db.write(
        tx -> {
          for (int i = 0; i < 200; i++) {
            tx.execute("insert into notes values (?, ?)", i, body + i);
          }
          return null;
        });
    db.setQueryMemoryLimit(LIMIT); // 3.2 MB of text in the table
    var sorted = "select id, body from notes order by body desc";
    // a read-only transaction's rows point into the map: 200 rows are a few KB of heap
    List<Object[]> rows = db.read(tx -> tx.query(sorted).toList());
    assertThat(rows).hasSize(200);
    // a read-write transaction's values are copies: the sort would hold every body's bytes
    assertThatThrownBy(() -> db.write(tx -> tx.query(sorted).toList()))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("the sort")
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode())
                    .isEqualTo(ErrorCode.QUERY_MEMORY_LIMIT));
  }

  @Test
  void anUpdateReadingMoreRowsThanTheLimitFailsAndWritesNothing() {
    db.setQueryMemoryLimit(LIMIT);
    assertThatThrownBy(() -> db.execute("update u set v = 'changed'"))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("the source rows")
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode())
                    .isEqualTo(ErrorCode.QUERY_MEMORY_LIMIT));
    assertThat(count("select count(*) from u where v = 'changed'")).isZero();
    assertThat(db.execute("update t set v = 'changed'")).isEqualTo(T_ROWS);
  }

  @Test
  void theLimitMustBePositive() {
    assertThatThrownBy(() -> db.setQueryMemoryLimit(0))
        .isInstanceOf(KiteSqlException.class)
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode())
                    .isEqualTo(ErrorCode.INVALID_ARGUMENT));
    assertThat(db.queryMemoryLimit()).isEqualTo(Runtime.getRuntime().maxMemory() / 4);
  }

  private long count(String sql) {
    return db.read(
        tx -> {
          try (var rows = tx.query(sql)) {
            assertThat(rows.next()).isTrue();
            return rows.getLong(0);
          }
        });
  }
}
