package io.kitesql.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole harness on the smallest tier with tiny data: every cell present, the map check clean.
 */
class BenchSmokeTest {

  @Test
  void harnessProducesEveryCellAndNoMapViolation(@TempDir Path work) throws Exception {
    var config = BenchConfig.smoke();
    var results = new BenchRunner(config, work, line -> {}).run();

    int perEngine = Workload.orders().size() * config.tiers().size() + Workload.documents().size();
    int table5 = RepositoryBench.ENGINES.size(); // the smoke run has one of Table 5's tiers, 64 B
    assertEquals(perEngine * Stores.Kind.values().length + table5, results.cells.size());
    results.cells.forEach(
        (key, outcome) -> {
          switch (outcome) {
            case Results.Measured m ->
                assertTrue(
                    m.executions() >= config.minExecutions() && m.p50Micros() > 0, key::toString);
            case Results.Unsupported u -> assertFalse(u.reason().isBlank(), key::toString);
          }
        });
    // Only KiteSQL may lack a cell of Tables 1-4 (window functions); the peers run every statement.
    results.cells.forEach(
        (key, outcome) -> {
          if (!key.engine().startsWith("KiteSQL") && !key.table().equals(RepositoryBench.TABLE)) {
            assertInstanceOf(Results.Measured.class, outcome, key::toString);
          }
        });
    assertInstanceOf(
        Results.Measured.class, results.get("1", "lookup", "64 B", "KiteSQL read-only"));
    assertInstanceOf(
        Results.Measured.class,
        results.get("4", "JSON fetch + parse", "16 KiB docs", "KiteSQL read-only"));

    var check = results.mapChecks.get("KiteSQL read-only");
    assertTrue(check.values() > 0);
    assertEquals(0, check.violations());
    assertEquals(0, check.copiedBytes());
    assertEquals(0, results.mapChecks.get("KiteSQL forced copy").borrowedBytes());
    // 2 note lengths × (4 engines (KiteSQL, KiteSQL writeMap, SQLite, H2) × 2 batch sizes + KiteSQL
    // Database.write)
    assertEquals(18, results.writes.size());
    assertEquals(
        DmlBench.ENGINES.size() * 4,
        results.dml.size()); // read-modify-write ×2, INSERT … SELECT, DELETE
    // 2 durabilities × (KiteSQL at 1, 8, 64 threads, its virtual and group-commit-off columns at 8
    // and 64,
    // SQLite at 1, 8, 64), H2 once at 1, 8, 64; each cell checked the table holds exactly the rows
    // committed.
    assertEquals(2 * (3 + 2 + 2 + 3) + 3, results.groupCommits.size());
    assertTrue(
        results.groupCommits.stream().allMatch(g -> g.transactions() >= g.threads()),
        results.groupCommits.toString());

    // Table 5: four cells measured (the metrics one fails if its registry recorded nothing); Spring
    // Data
    // JDBC has no SQLite dialect, and says so
    for (var engine :
        List.of(
            RepositoryBench.RAW,
            RepositoryBench.REPOSITORY,
            RepositoryBench.REPOSITORY_METRICS,
            RepositoryBench.JDBC_H2)) {
      var cell =
          assertInstanceOf(
              Results.Measured.class,
              results.get(RepositoryBench.TABLE, RepositoryBench.VARIANT, "64 B", engine),
              engine);
      assertTrue(cell.bytesPerExecution() > 0, engine);
    }
    var sqlite =
        assertInstanceOf(
            Results.Unsupported.class,
            results.get(
                RepositoryBench.TABLE,
                RepositoryBench.VARIANT,
                "64 B",
                RepositoryBench.JDBC_SQLITE));
    assertTrue(sqlite.reason().contains("dialect"), sqlite.reason());
    var repositoryCheck = results.mapChecks.get(RepositoryBench.REPOSITORY);
    assertTrue(repositoryCheck.values() > 0);
    assertEquals(0, repositoryCheck.violations());
    assertEquals(0, repositoryCheck.copiedBytes());

    var report = new Report(config, List.of(results), Map.of("CPU", "test")).render();
    assertTrue(report.contains("## Table 4"), report);
    assertTrue(report.contains("## Table 5"), report);
    assertTrue(report.contains("## Targets"), report);
    assertTrue(report.contains("## Targets for Spring Data repositories (Table 5)"), report);
    assertTrue(
        report.contains("## Read-modify-write and bulk DML")
            && report.contains("## Targets for the writes and GROUP BY"),
        report);
    assertTrue(report.contains("## Concurrent one-row write transactions: group commit"), report);
    // the durable write targets and the read path's, each decided (met or missed, not "not run")
    assertTrue(
        report.matches(
            "(?s).*KiteSQL SYNC one-row transactions, 8 threads, ≥ 2.0x SQLite synchronous=FULL's"
                + " rate: (met|\\*\\*missed\\*\\*) \\(.*"),
        report);
    assertTrue(
        report.matches(
            "(?s).*Table 6: KiteSQL read-only p50 not slower than SQLite at every tier:"
                + " (met|\\*\\*missed\\*\\*) \\(.*"),
        report);
    assertTrue(
        report.matches(
            "(?s).*≤ 1.2x the fastest peer at every tier: (met|\\*\\*missed\\*\\*) \\(64 B: .*"),
        report);
    // Table 7 at the smoke sizes: every shape on KiteSQL, H2 and SQLite, and through both
    // repository stacks
    assertTrue(
        report.contains("## Table 7") && report.contains("### Table 7 through repositories"),
        report);
    assertEquals(
        SpringQueriesBench.sizes(config).size()
            * (SpringQueries.shapes().size() * SpringQueriesBench.ENGINES.size()
                + io.kitesql.bench.springdata.ItemRepositoryEngine.METHODS.size()
                    * SpringRepositoriesBench.ENGINES.size()),
        results.springQueries.size());
    assertTrue(
        report.contains("allocation flat in note length")
            && report.contains("not measured (needs two tiers"),
        report);

    // the same run three times over: the tables show its figures, every target is decided over
    // the three and lists each run's figures
    var threeRuns =
        new Report(config, List.of(results, results, results), Map.of("CPU", "test")).render();
    assertTrue(threeRuns.contains("## Targets for Tables 1 to 4, decided over 3 runs"), threeRuns);
    assertTrue(threeRuns.contains("### Targets (Table 7), decided over 3 runs"), threeRuns);
    assertTrue(threeRuns.contains("run 1: ") && threeRuns.contains("; run 3: "), threeRuns);
    assertFalse(threeRuns.contains("computed from this run"), threeRuns);
    assertTrue(report.contains("## Targets for Tables 1 to 4, computed from this run"), report);
  }

  @Test
  void borrowedJsonKeepsViewsAndDecodesEscapes() {
    var doc = BorrowedJson.parse(DataSets.jsonDoc(7));
    assertEquals(7, doc.id());
    assertEquals("user-7", doc.user().toString());
    assertEquals("Doc \"7\" of the day", doc.title().toString());
    assertEquals(3, doc.tags().size());
    assertEquals(
        BenchConfig.DOC_BYTES - doc.body().length(),
        DataSets.jsonDoc(7).indexOf("\"body\":\"") + 10);
    var csv = Documents.csv(DataSets.csvDoc(7));
    assertEquals(7, csv.id());
    assertEquals("t7", csv.tags().get(2).toString());
  }

  @Test
  void borrowedJsonOnMappedTextMatchesTheStringParse(@TempDir Path dir) {
    try (var db =
        io.kitesql.api.KiteSql.open(
            dir, KiteEngine.options(io.kitesql.options.Durability.NO_SYNC))) {
      DataSets.DOCS_DDL.forEach(db::execute);
      for (int id = 0; id < 20; id++) {
        db.execute("insert into json_docs values (?, ?, ?)", DataSets.docRow(id, 2, true));
      }
      var byGroup = db.prepare(Workload.DOCS_JSON);
      db.read(
          tx -> {
            try (var rows = tx.query(byGroup, 1)) {
              int n = 0;
              while (rows.next()) {
                var body = rows.getText(1);
                assertTrue(body.isBorrowed());
                var borrowed = BorrowedJson.parse(body);
                var copied = BorrowedJson.parse(body.toString());
                assertEquals(copied.id(), borrowed.id());
                assertEquals(copied.title().toString(), borrowed.title().toString());
                assertEquals(copied.body().toString(), borrowed.body().toString());
                assertEquals(copied.tags().toString(), borrowed.tags().toString());
                assertTrue(((io.kitesql.value.Text) borrowed.body()).isBorrowed());
                n++;
              }
              assertEquals(10, n);
            }
            return null;
          });
    }
  }
}
