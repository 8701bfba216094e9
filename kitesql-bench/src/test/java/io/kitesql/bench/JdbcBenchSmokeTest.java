package io.kitesql.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JDBC comparison on tiny data: every column and writer measured in every round, and the report
 * holds them.
 */
class JdbcBenchSmokeTest {

  @Test
  void everyColumnAndWriterHasAFigureInEveryRound(@TempDir Path work) throws Exception {
    var config = JdbcBench.Config.of("smoke");
    var figures = JdbcBench.run(config, work, line -> {});

    for (int t = 0; t < JdbcBench.TIERS.size(); t++) {
      for (int c = 0; c < JdbcBench.COLUMNS.size(); c++) {
        String cell = JdbcBench.COLUMNS.get(c) + " at " + JdbcBench.TIERS.get(t) + " B";
        assertTrue(Arrays.stream(figures.p50()[t][c]).allMatch(p -> p > 0), cell);
        assertTrue(Arrays.stream(figures.bytes()[t][c]).allMatch(b -> b > 0), cell);
      }
    }
    for (double[] rounds : figures.rowsPerSecond()) {
      assertTrue(Arrays.stream(rounds).allMatch(r -> r > 0), Arrays.toString(rounds));
    }
    String report =
        JdbcReport.render(figures, Map.of("JDK", "test"), "0 / 0 / 0", "0 / 0 / 0", 0.1);
    for (var column : JdbcBench.COLUMNS) {
      assertTrue(report.contains(column), column);
    }
    assertTrue(report.contains("| 64 B |") && report.contains("| 64 KiB |"), report);
    assertTrue(
        report.contains("| KiteSQL JDBC |")
            && report.contains("| SQLite |")
            && report.contains("| H2 |"),
        report);
    assertTrue(report.lines().filter(l -> l.startsWith("- 64")).count() == 4, report);
  }
}
