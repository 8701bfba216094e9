package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.testing.Allocations;
import io.kitesql.testing.TempDatabase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * kitesql-bench's Table 6 ({@code select count(*) from orders where amount > ?}, every row read)
 * and its siblings (SUM/MIN/MAX of integer columns, a GROUP BY on an integer key) against a real
 * database: the results, derived from the generator, and the heap bytes one warm execution
 * allocates over 1,000 and over 10,000 rows, which must not grow with the rows.
 */
class ScanAggregateAllocationTest {
  private static final int SMALL = 1_000;
  private static final int LARGE = 10_000;
  private static final int GROUPS = 7;

  /** What 9,000 more rows may add to one execution: a few objects, nothing per row. */
  private static final long SLACK = 256;

  private static final String[] QUERIES = {
    "select count(*) from %s where amount > ?",
    "select count(amount), sum(amount), min(amount), max(amount) from %s where amount > ?",
    "select sum(big), min(big), max(big), count(note) from %s where amount > ?",
    "select grp, count(*), sum(amount), max(big) from %s where amount > ? group by grp",
  };

  @TempDatabase(mapSize = 1L << 30)
  Database db;

  /** NULL for every tenth row, else a value in [1, 1000]. */
  private static Integer amount(int id) {
    return id % 10 == 3 ? null : 1 + (id * 7919) % 1000;
  }

  /** A BIGINT beyond the INT range, NULL for every seventeenth row. */
  private static Long big(int id) {
    return id % 17 == 5 ? null : 3_000_000_000L * (id % 5 - 2) + id;
  }

  private static Integer grp(int id) {
    return id % 11 == 0 ? null : id % GROUPS;
  }

  private static String note(int id) {
    var head = "n" + id + " ";
    return head + "x".repeat(64 - head.length());
  }

  @BeforeEach
  void fill() {
    for (var table : List.of("small", "large")) {
      db.execute(
          "create table "
              + table
              + " (id int primary key, grp int, amount int, big bigint, note varchar)");
      var insert = db.prepare("insert into " + table + " values (?, ?, ?, ?, ?)");
      int rows = table.equals("small") ? SMALL : LARGE;
      db.write(
          tx -> {
            for (int id = 0; id < rows; id++) {
              tx.execute(insert, id, grp(id), amount(id), big(id), id % 13 == 4 ? null : note(id));
            }
            return null;
          });
    }
  }

  /**
   * The rows of {@code QUERIES[q]} over {@code rows} rows with {@code amount > min}, from the
   * generator.
   */
  private static List<List<Object>> expected(int q, int rows, Integer min) {
    var groups =
        new java.util.LinkedHashMap<Integer, long[]>(); // count, sum(amount), max(big), any big
    long count = 0, countAmount = 0, sum = 0, sumBig = 0;
    Integer minA = null, maxA = null;
    Long minB = null, maxB = null;
    long notes = 0;
    for (int id = 0; id < rows; id++) {
      var a = amount(id);
      if (min == null || a == null || a <= min) {
        continue;
      }
      count++;
      countAmount++;
      sum += a;
      minA = minA == null ? a : Math.min(minA, a);
      maxA = maxA == null ? a : Math.max(maxA, a);
      var b = big(id);
      if (b != null) {
        sumBig += b;
        minB = minB == null ? b : Math.min(minB, b);
        maxB = maxB == null ? b : Math.max(maxB, b);
      }
      notes += id % 13 == 4 ? 0 : 1;
      var g = groups.computeIfAbsent(grp(id), _ -> new long[] {0, 0, Long.MIN_VALUE, 0});
      g[0]++;
      g[1] += a;
      if (b != null) {
        g[2] = Math.max(g[2], b);
        g[3] = 1;
      }
    }
    return switch (q) {
      case 0 -> List.of(List.of(count));
      case 1 -> List.of(Arrays.asList(countAmount, count == 0 ? null : sum, minA, maxA));
      case 2 -> List.of(Arrays.asList(minB == null ? null : sumBig, minB, maxB, notes));
      default -> {
        var out = new ArrayList<List<Object>>();
        groups.forEach((g, s) -> out.add(Arrays.asList(g, s[0], s[1], s[3] == 0 ? null : s[2])));
        yield out;
      }
    };
  }

  private static List<List<Object>> run(
      ReadOnlyTransaction tx, PreparedStatement statement, Integer min) {
    var out = new ArrayList<List<Object>>();
    try (var rows = tx.query(statement, min)) {
      while (rows.next()) {
        out.add(Arrays.asList(rows.values().clone()));
      }
    }
    return out;
  }

  @Test
  void aggregatesOverAFilteredScanMatchTheGenerator() {
    try (var tx = db.beginRead()) {
      for (int q = 0; q < QUERIES.length; q++) {
        for (var table : List.of("small", "large")) {
          var statement = db.prepare(QUERIES[q].formatted(table));
          int rows = table.equals("small") ? SMALL : LARGE;
          for (Integer min : new Integer[] {0, 500, 999, 1000, -5, null}) {
            var expected = expected(q, rows, min);
            if (q == 3) {
              assertThat(run(tx, statement, min))
                  .as("%s, amount > %s", statement.sql(), min)
                  .containsExactlyInAnyOrderElementsOf(expected);
            } else {
              assertThat(run(tx, statement, min))
                  .as("%s, amount > %s", statement.sql(), min)
                  .containsExactlyElementsOf(expected);
            }
          }
        }
      }
    }
  }

  @Test
  void aWarmExecutionAllocatesTheSameOverTenTimesTheRows() {
    try (var tx = db.beginRead()) {
      for (var query : QUERIES) {
        long small = bytesPerExecution(tx, db.prepare(query.formatted("small")));
        long large = bytesPerExecution(tx, db.prepare(query.formatted("large")));
        System.out.printf(
            "%s: %d B per execution over %d rows, %d B over %d rows%n",
            query, small, SMALL, large, LARGE);
        assertThat(large)
            .as("%s over %d rows vs %d rows", query, LARGE, SMALL)
            .isLessThanOrEqualTo(small + SLACK);
      }
    }
  }

  private static long bytesPerExecution(ReadOnlyTransaction tx, PreparedStatement statement) {
    Object[] params = {0}; // boxed once, like the bench's
    long[] sink = new long[1];
    int executions = 5;
    long bytes =
        Allocations.minBytes(
            10,
            () -> {
              for (int i = 0; i < executions; i++) {
                try (var rows = tx.query(statement, params)) {
                  while (rows.next()) {
                    sink[0] += rows.isNull(0) ? 1 : rows.getLong(0);
                  }
                }
              }
            });
    assertThat(sink[0]).isNotZero();
    return bytes / executions;
  }
}
