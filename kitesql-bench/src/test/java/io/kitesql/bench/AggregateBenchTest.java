package io.kitesql.bench;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The aggregate rows' harness on a few threads with the smoke run's cells: both modules load the
 * same posts (checked before timing), KiteSQL's text is borrowed, every cell has a number, and the
 * statements per load are KiteSQL's one per collection against Spring Data JDBC's one per root.
 */
class AggregateBenchTest {

  @Test
  void bothModulesLoadTheThreadsAndKiteSqlReadsEachCollectionOnce(@TempDir Path work)
      throws Exception {
    var report = AggregateBench.run(new AggregateBench.Run(BenchConfig.smoke(), 4, 40, work));
    assertFalse(report.contains("n/a"), report);
    // findById: the thread, then its posts, on both; findAllById of 20 threads: 2 against 1 + 20
    assertTrue(report.contains("| findById: 1 thread of 50 posts |"), report);
    assertTrue(report.contains("| 2 / 2 |"), report);
    assertTrue(report.contains("| 2 / 21 |"), report);
    assertTrue(report.contains("100 values checked against the map"), report);
  }
}
