package io.kitesql.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The query-style rows' harness with the smoke run's cells: every style reads the rows of its
 * derived query for every parameter set (checked before timing, else the run fails), its notes
 * borrowed, and each pair at each tier gets a row of figures.
 */
class QueryStylesBenchTest {

  @Test
  void eachStyleReadsItsDerivedQuerysRowsAndGetsFigures(@TempDir Path work) throws Exception {
    var report = QueryStylesBench.run(BenchConfig.smoke(), work, 1);
    assertFalse(report.contains("n/a"), report);
    long rows =
        report
            .lines()
            .filter(line -> line.matches("\\| (query by example|criteria).*x \\(.*"))
            .count();
    assertEquals(2L * RepositoryBench.TIERS.size(), rows, report);
  }
}
