package io.kitesql.fuzz;

import static io.kitesql.testing.QueryRows.count;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import io.kitesql.testing.TempDatabase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Resource and size limits: each is hit with a clear {@link KiteSqlException}, never a crash. */
class LimitsTest {
  // as SqlFuzzTest opens its databases
  @TempDatabase(mapSize = 256L << 20, durability = Durability.NO_SYNC)
  Database db;

  /** Whatever {@code sql} does, it must succeed or fail with the engine's exception. */
  private static void succeedsOrFailsClearly(Database db, String sql) {
    try {
      var statement = db.prepare(sql);
      db.read(
          tx -> {
            try (var rows = tx.query(statement)) {
              while (rows.next()) {
                rows.values();
              }
            }
            return null;
          });
    } catch (KiteSqlException e) {
      assertThat(e.getMessage()).isNotBlank();
    }
  }

  /** {@code v || v} in a recursive CTE once doubled a string until OutOfMemoryError. */
  @Test
  void textMadeByFunctionsStopsAt256MiB() {
    var doubling =
        "WITH RECURSIVE s(v) AS (SELECT 'ab' UNION ALL SELECT v || '+' || v FROM s WHERE LENGTH(v) < 2000000000) "
            + "SELECT LENGTH(v) FROM s ORDER BY 1 DESC LIMIT 1";
    assertThatThrownBy(
            () ->
                db.read(
                    tx -> {
                      try (var rows = tx.query(doubling)) {
                        return rows.next();
                      }
                    }))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE))
        .hasMessageContaining(
            "longer than the 268435456 bytes a value made by a function may have");
    // below the limit, the same doubling works: 'ab' doubled six times with separators is 191
    // characters
    var small = doubling.replace("2000000000", "100");
    long longest =
        db.read(
            tx -> {
              try (var rows = tx.query(small)) {
                rows.next();
                return rows.getLong(0);
              }
            });
    assertThat(longest).isEqualTo(191L);
  }

  @Test
  void primaryKeyOverLmdbKeyLimit() {
    db.execute("CREATE TABLE k (id VARCHAR PRIMARY KEY, v INT)");
    assertThatThrownBy(() -> db.execute("INSERT INTO k VALUES (?, 1)", "x".repeat(600)))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.KEY_TOO_LARGE))
        .hasMessageContaining("511");
    db.execute("INSERT INTO k VALUES (?, 1)", "x".repeat(400));
    assertThat(count(db, "k")).isEqualTo(1);
  }

  @Test
  void indexKeyOverLmdbKeyLimit() {
    db.execute("CREATE TABLE k (id INT PRIMARY KEY, s VARCHAR)");
    db.execute("CREATE INDEX k_s ON k (s)");
    assertThatThrownBy(() -> db.execute("INSERT INTO k VALUES (1, ?)", "é".repeat(300)))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.KEY_TOO_LARGE));
    // the failed statement left nothing behind: neither the row nor half an index entry
    assertThat(count(db, "k")).isZero();
    db.execute("INSERT INTO k VALUES (1, 'short')");
    assertThatThrownBy(() -> db.execute("UPDATE k SET s = ? WHERE id = 1", "y".repeat(1000)))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.KEY_TOO_LARGE));
    assertThat(count(db, "k")).isEqualTo(1);
  }

  @Test
  void statementOverOneMebibyteIsRefused() {
    var sql = "SELECT '" + "x".repeat(2 << 20) + "'";
    assertThatThrownBy(() -> db.prepare(sql))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.SYNTAX_ERROR))
        .hasMessageContaining("exceeds the limit");
  }

  @Test
  void deeplyNestedParenthesesFailClearly() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          assertThatThrownBy(() -> db.prepare("SELECT " + SqlMutator.nested("1", 5_000)))
              .isInstanceOfSatisfying(
                  KiteSqlException.class,
                  e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.SYNTAX_ERROR));
        });
  }

  @Test
  void longOperatorChainsSucceedOrFailClearly() {
    db.execute("CREATE TABLE t (a INT PRIMARY KEY, s VARCHAR)");
    db.execute("INSERT INTO t VALUES (1, 'x')");
    assertTimeoutPreemptively(
        Duration.ofSeconds(60),
        () -> {
          for (var op : new String[] {" + ", " || ", " OR "}) {
            var operand = op.equals(" || ") ? "s" : op.equals(" OR ") ? "a = 1" : "a";
            int terms =
                op.equals(" + ")
                    ? 100_000
                    : 20_000; // one full-size chain is enough, the rest are for shape
            var chain =
                IntStream.range(0, terms).mapToObj(i -> operand).collect(Collectors.joining(op));
            succeedsOrFailsClearly(db, "SELECT " + chain + " FROM t");
          }
        });
  }

  @Test
  void hugeInListSucceedsOrFailsClearly() {
    db.execute("CREATE TABLE t (a INT PRIMARY KEY)");
    db.execute("INSERT INTO t VALUES (1), (50000), (200000)");
    var list =
        IntStream.range(0, 100_000).mapToObj(Integer::toString).collect(Collectors.joining(","));
    var allowed =
        IntStream.range(0, 10_000).mapToObj(Integer::toString).collect(Collectors.joining(","));
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          // up to SqlParser.MAX_LIST_ITEMS the list works
          long inAllowed =
              db.read(
                  tx -> {
                    try (var rows =
                        tx.query("SELECT COUNT(*) FROM t WHERE a IN (" + allowed + ")")) {
                      rows.next();
                      return rows.getLong(0);
                    }
                  });
          assertThat(inAllowed).isEqualTo(1);
          try {
            long found =
                db.read(
                    tx -> {
                      try (var rows =
                          tx.query("SELECT COUNT(*) FROM t WHERE a IN (" + list + ")")) {
                        rows.next();
                        return rows.getLong(0);
                      }
                    });
            assertThat(found).isEqualTo(2);
          } catch (KiteSqlException e) {
            assertThat(e.getMessage()).isNotBlank();
          }
        });
  }

  @Test
  void valueLargerThanTheMapIsMapFull(@TempDir Path dir) {
    var options =
        StorageOptions.defaults()
            .withMapSize(1L << 20)
            .withMaxMapSize(8L << 20)
            .withDurability(Durability.NO_SYNC);
    try (var db = KiteSql.open(dir, options)) {
      db.execute("CREATE TABLE blobs (id INT PRIMARY KEY, body VARBINARY)");
      var huge = new byte[64 << 20];
      assertThatThrownBy(() -> db.execute("INSERT INTO blobs VALUES (1, ?)", (Object) huge))
          .isInstanceOfSatisfying(
              KiteSqlException.class, e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.MAP_FULL));
      db.execute("INSERT INTO blobs VALUES (2, ?)", (Object) new byte[1000]);
      assertThat(count(db, "blobs")).isEqualTo(1);
    }
    try (var db = KiteSql.open(dir, options)) {
      assertThat(count(db, "blobs")).isEqualTo(1);
    }
  }
}
