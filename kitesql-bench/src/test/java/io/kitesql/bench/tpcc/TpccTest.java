package io.kitesql.bench.tpcc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.kitesql.bench.tpcc.Transactions.Type;
import io.kitesql.options.Durability;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TPC-C on tiny tables: the consistency conditions 1–4 hold on KiteSQL and SQLite after runs of
 * every transaction type (one terminal and two) of both variants, the checker finds a broken
 * condition, and the whole harness (every engine, the read-only columns) produces its report.
 */
class TpccTest {

  @Test
  void consistencyHoldsOnKiteSqlAfterOneAndTwoTerminals(@TempDir Path dir) throws Exception {
    for (var variant : Variant.values()) {
      try (var kite =
          new KiteTpcc(dir.resolve("kite-" + variant), Durability.NO_SYNC, KiteTpcc.Api.WRITE)) {
        Loader.load(kite, variant, Scale.TINY, 7);
        assertRunsKeepConsistency(kite, variant);
      }
    }
  }

  @Test
  void consistencyHoldsOnSqliteAfterOneAndTwoTerminals(@TempDir Path dir) throws Exception {
    for (var variant : Variant.values()) {
      try (var sqlite =
          new JdbcTpcc(
              JdbcTpcc.Kind.SQLITE,
              Files.createDirectories(dir.resolve("sqlite-" + variant)),
              false)) {
        Loader.load(sqlite, variant, Scale.TINY, 7);
        assertRunsKeepConsistency(sqlite, variant);
      }
    }
  }

  private static void assertRunsKeepConsistency(TpccEngine engine, Variant variant)
      throws Exception {
    var before = Consistency.check(engine);
    assertEquals(List.of(), before.violations(), "after loading");
    assertEquals(1 + 3 * Tpcc.DISTRICTS, before.checked());
    for (int terminals : new int[] {1, 2}) {
      // readOnlyReads alternates so that both kinds of Order-Status and Stock-Level transaction run
      var settings = new Driver.Settings(variant, Scale.TINY, terminals, terminals == 2);
      var result = Driver.run(engine, settings, Duration.ofMillis(1000), terminals);
      for (var type : Type.values()) {
        assertTrue(
            result.committed[type.ordinal()] > 0, engine.name() + " committed no " + type.label);
      }
      assertEquals(0, result.gaveUp[Type.NEW_ORDER.ordinal()], result.firstError[0]);
      if (terminals == 1) {
        assertEquals(
            0, total(result.errors), engine.name() + ": " + String.join("; ", result.firstError));
      }
      assertEquals(
          List.of(),
          Consistency.check(engine).violations(),
          engine.name() + " after " + terminals + " terminal(s), " + variant);
    }
  }

  @Test
  void theCheckerFindsEachBrokenCondition(@TempDir Path dir) throws Exception {
    try (var kite = new KiteTpcc(dir.resolve("kite"), Durability.NO_SYNC, KiteTpcc.Api.WRITE)) {
      Loader.load(kite, Variant.UPSTREAM, Scale.TINY, 7);
      assertEquals(List.of(), Consistency.check(kite).violations());
      kite.execute("UPDATE warehouse SET w_ytd = w_ytd + 1 WHERE w_id = 1");
      kite.execute(
          "UPDATE district SET d_next_o_id = d_next_o_id + 1 WHERE d_w_id = 1 AND d_id = 2");
      kite.execute("DELETE FROM new_orders WHERE no_w_id = 1 AND no_d_id = 3 AND no_o_id = 100");
      kite.execute(
          "DELETE FROM order_line WHERE ol_w_id = 1 AND ol_d_id = 4 AND ol_o_id = 1 AND ol_number = 1");
      var violations = Consistency.check(kite).violations();
      assertEquals(4, violations.size(), violations.toString());
      for (var condition : List.of("1:", "2: district 2", "3: district 3", "4: district 4")) {
        assertTrue(
            violations.stream().anyMatch(v -> v.startsWith(condition)),
            condition + " in " + violations);
      }
    }
  }

  @Test
  void smokeRunReportsEveryColumn(@TempDir Path dir) throws Exception {
    // the smoke preset with the harness's variant only (the faithful one runs in the tests above)
    var config = TpccConfig.parse(List.of("smoke", "--variants", "upstream"));
    var scenarios = new TpccBench(config, dir, line -> {}).run();
    assertEquals(1, scenarios.size());
    for (var scenario : scenarios) {
      assertEquals(
          8,
          scenario.runs().size(),
          scenario.runs().keySet().toString()); // 4 engines, each also read-only
      scenario
          .runs()
          .forEach(
              (column, runs) -> {
                assertEquals(config.rounds(), runs.size(), column);
                for (var run : runs) {
                  assertTrue(
                      run.committed[Type.NEW_ORDER.ordinal()] > 0,
                      column); // a run draws at least one deck
                  assertEquals(
                      0, total(run.gaveUp), column + ": " + String.join("; ", run.firstError));
                  assertEquals(List.of(), run.consistency.violations(), column);
                }
              });
    }
    var report = new TpccReport(config, scenarios).render();
    assertTrue(
        report.contains("The harness's TPC-C") && report.contains("Heap KiB allocated"), report);
    assertTrue(report.contains("KiteSQL ≥ 1.17x SQLite's tpmC: "), report);
    assertFalse(report.contains("**violated**"), report);
  }

  private static long total(long[] counts) {
    long sum = 0;
    for (long c : counts) {
      sum += c;
    }
    return sum;
  }
}
