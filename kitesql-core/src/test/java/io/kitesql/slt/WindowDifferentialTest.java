package io.kitesql.slt;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random window queries over random small tables, run on KiteSQL and on SQLite, must agree. The
 * generator only writes queries whose result the SQL standard fixes: functions that depend on the
 * order of peers (ROW_NUMBER, NTILE, LAG/LEAD, FIRST/LAST_VALUE, ROWS frames) get {@code id} as a
 * last ORDER BY key; RANGE offsets get the single numeric key they need.
 */
class WindowDifferentialTest {
  /** Conditions of aggregate window calls' FILTER clauses: some unknown where v is NULL. */
  private static final String[] FILTERS = {
    "v > 2", "v % 2 = 0", "t <> 'b'", "v IS NULL", "g IS NOT DISTINCT FROM 1"
  };

  private static final String[] PEER_INDEPENDENT = {
    "RANK()",
    "DENSE_RANK()",
    "PERCENT_RANK()",
    "CUME_DIST()",
    "SUM(v)",
    "COUNT(*)",
    "COUNT(v)",
    "MIN(v)",
    "MAX(v)",
    "AVG(v)"
  };
  private static final String[] ORDER_DEPENDENT = {
    "ROW_NUMBER()",
    "NTILE(%d)",
    "LAG(v, %d, -1)",
    "LEAD(v, %d)",
    "FIRST_VALUE(v)",
    "LAST_VALUE(v)",
    "NTH_VALUE(v, %d)"
  };

  @Test
  void kiteSqlAgreesWithSqliteOnRandomWindowQueries() throws Exception {
    var random =
        new Random(Long.getLong("window.seed", 20260430)); // -Dwindow.seed=N tries other queries
    try (var kite = KiteSqlEngine.inTemporaryDirectory();
        var sqlite = SqliteEngine.inMemory()) {
      for (var engine : List.<SltEngine>of(kite, sqlite)) {
        engine.statement("CREATE TABLE w (id INT PRIMARY KEY, g INT, v INT, t VARCHAR(4))");
      }
      var values = new ArrayList<String>();
      for (int id = 1; id <= 40; id++) {
        var text =
            random.nextInt(6) == 0
                ? "NULL"
                : "'" + "abc".charAt(random.nextInt(3)) + "xyz".charAt(random.nextInt(3)) + "'";
        values.add(
            "("
                + id
                + ", "
                + maybeNull(random, random.nextInt(3))
                + ", "
                + maybeNull(random, random.nextInt(12))
                + ", "
                + text
                + ")");
      }
      for (var engine : List.<SltEngine>of(kite, sqlite)) {
        engine.statement("INSERT INTO w VALUES " + String.join(", ", values));
      }
      int compared = 0;
      for (int q = 0; q < 400; q++) {
        // one or two calls; two calls usually have different windows, so the operator sorts twice
        var sql =
            "SELECT id, "
                + windowCall(random)
                + ", "
                + (random.nextBoolean() ? windowCall(random) : "0")
                + " FROM w"
                + (random.nextInt(4) == 0 ? " WHERE g = 1 OR v > 6" : "")
                + " ORDER BY id";
        var expected = sqlite.query(sql, "IRR");
        assertThat(kite.query(sql, "IRR")).as(sql).isEqualTo(expected);
        compared++;
      }
      assertThat(compared).isEqualTo(400);
    }
  }

  private static String maybeNull(Random random, int value) {
    return random.nextInt(6) == 0 ? "NULL" : Integer.toString(value);
  }

  private static String windowCall(Random random) {
    boolean orderDependent = random.nextBoolean();
    var function =
        orderDependent
            ? ORDER_DEPENDENT[random.nextInt(ORDER_DEPENDENT.length)]
            : PEER_INDEPENDENT[random.nextInt(PEER_INDEPENDENT.length)];
    function = function.formatted(1 + random.nextInt(4));
    if (function.contains("(v")
        && !function.startsWith("SUM")
        && !function.startsWith("AVG")
        && random.nextInt(3) == 0) {
      function =
          function
              .replace("(v", "(t")
              .replace("-1)", "'none')"); // text values: MIN/MAX, LAG, FIRST_VALUE...
    }
    boolean framed = !function.endsWith("()") || function.startsWith("COUNT(*)");
    framed &=
        !function.startsWith("NTILE")
            && !function.startsWith("LAG")
            && !function.startsWith("LEAD");
    var over = new ArrayList<String>();
    switch (random.nextInt(4)) {
      case 0 -> over.add("PARTITION BY g");
      case 1 -> over.add("PARTITION BY g, t");
      case 2 -> over.add("PARTITION BY v % 3");
      default -> {}
    }
    boolean rows = framed && random.nextBoolean();
    boolean ordered =
        orderDependent || rows || random.nextInt(4) > 0; // ROWS frames need a total order
    boolean rangeOffsets = framed && !rows && !orderDependent && ordered && random.nextBoolean();
    if (ordered) {
      var key =
          "v"
              + (random.nextBoolean() ? " DESC" : "")
              + (random.nextBoolean() ? " NULLS FIRST" : " NULLS LAST");
      over.add("ORDER BY " + key + (orderDependent || rows ? ", id" : ""));
    }
    if (framed && (rows || rangeOffsets || (ordered && random.nextBoolean()))) {
      over.add(frame(random, rows ? "ROWS" : "RANGE", rows || rangeOffsets));
    }
    boolean aggregate =
        List.of("SUM(", "COUNT(", "MIN(", "MAX(", "AVG(").stream().anyMatch(function::startsWith);
    var filter =
        aggregate && random.nextInt(4) == 0
            ? " FILTER (WHERE " + FILTERS[random.nextInt(FILTERS.length)] + ")"
            : "";
    return function + filter + " OVER (" + String.join(" ", over) + ")";
  }

  /**
   * A valid frame: the start never lies after the end in the order UNBOUNDED PRECEDING < n
   * PRECEDING < CURRENT ROW < n FOLLOWING.
   */
  private static String frame(Random random, String unit, boolean offsets) {
    String[] starts =
        offsets
            ? new String[] {"UNBOUNDED PRECEDING", "%d PRECEDING", "CURRENT ROW", "%d FOLLOWING"}
            : new String[] {"UNBOUNDED PRECEDING", "CURRENT ROW"};
    String[] ends =
        offsets
            ? new String[] {"%d PRECEDING", "CURRENT ROW", "%d FOLLOWING", "UNBOUNDED FOLLOWING"}
            : new String[] {"CURRENT ROW", "UNBOUNDED FOLLOWING"};
    int s = random.nextInt(starts.length);
    int e = offsets ? Math.max(s, random.nextInt(ends.length)) : random.nextInt(ends.length);
    if (offsets && s == 3) {
      e = Math.max(e, 2); // n FOLLOWING can only end at FOLLOWING
    }
    return unit
        + " BETWEEN "
        + starts[s].formatted(random.nextInt(4))
        + " AND "
        + ends[e].formatted(random.nextInt(4));
  }
}
