package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.kitesql.testing.TempDatabase;
import java.time.Duration;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;

/**
 * Chained CTEs ({@code c1 AS (SELECT x FROM c0)}, {@code c2 AS (SELECT x FROM c1)}, ...) bound in
 * exponential time (24 CTEs: 12 s, 26: 60 s) because every reference bound the CTE twice. Each CTE
 * is now bound once per statement. The timeouts are generous: they fail only on exponential growth
 * (200 CTEs at 2^n would never finish), never on a slow machine.
 */
class ChainedCteTest {
  @TempDatabase Database db;

  /** {@code WITH c0 AS (SELECT 1 AS x), c1 AS (SELECT x FROM c0), ... SELECT x FROM c<n-1>}. */
  static String chain(int n, String body) {
    var with = new StringJoiner(", ", "with ", " ");
    with.add("c0 as (select 1 as x)");
    for (int i = 1; i < n; i++) {
      with.add("c" + i + " as (" + body.replace("PREV", "c" + (i - 1)) + ")");
    }
    return with + "select x from c" + (n - 1);
  }

  @Test
  void twoHundredChainedCtesBindOnceEach() {
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          try (var tx = db.beginRead();
              var rows = tx.query(chain(200, "select x from PREV"))) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getLong(0)).isEqualTo(1);
            assertThat(rows.next()).isFalse();
          }
        });
  }

  @Test
  void aCteReadTwiceByTheNextDoublesTheRowsAtEachStep() {
    // c_i has 2^i rows of 1: each step reads the one before twice, and each reference computes its
    // rows
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          var sql =
              "select count(*), sum(x) from ("
                  + chain(11, "select x from PREV union all select x from PREV")
                  + ") t";
          try (var tx = db.beginRead();
              var rows = tx.query(sql)) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getLong(0)).isEqualTo(1024);
            assertThat(rows.getLong(1)).isEqualTo(1024);
          }
        });
  }

  @Test
  void chainedCtesInsideARecursiveWithBindOnceEach() {
    // WITH RECURSIVE marks the whole list recursive; a CTE of the form "a UNION b" that does not
    // refer to itself had its anchor bound, then the whole query again as a plain CTE: two binds of
    // the CTE before it per level, on top of the two references FromBinder made of each
    assertTimeoutPreemptively(
        Duration.ofSeconds(30),
        () -> {
          var sql =
              chain(200, "select x from PREV union select 1")
                  .replaceFirst("with", "with recursive");
          try (var tx = db.beginRead();
              var rows = tx.query(sql)) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getLong(0)).isEqualTo(1);
            assertThat(rows.next()).isFalse();
          }
        });
  }
}
