package io.kitesql.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Table 5's metrics overhead alone: KiteSQL's repository with the starter's statement metrics off
 * and on (calls alternating, as in the full run), at 64 B and 64 KiB, repeated in {@code runs}
 * fresh Spring contexts so that the run-to-run noise shows. Prints each run's p50 and allocation
 * with and without metrics, then the medians of the ratios and their spread. Only KiteSQL is
 * loaded. Run: {@code --metrics-overhead [runs]} through {@link BenchMain}.
 */
public final class MetricsOverheadAb {
  private MetricsOverheadAb() {}

  public static void main(String[] args) throws Exception {
    int runs = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    var work = Path.of("kitesql-bench", "target", "metrics-overhead");
    var config = BenchConfig.full();
    var measure = new Measure(config.withWarmupMillis(config.repositoryWarmupMillis()));
    var bench = new RepositoryBench(measure, new Results(), line -> {});
    for (int tier : RepositoryBench.TIERS) {
      BenchRunner.delete(work);
      int rows = config.rowsFor(tier);
      var stores = new Stores(work.resolve("tier-" + tier));
      stores.loadKite(
          DataSets.ORDERS_DDL,
          List.of(
              new Stores.TableLoad(
                  DataSets.ORDERS_INSERT, rows, i -> DataSets.orderRow(i, rows, tier), tier + 32)),
          1000);
      var parameters = DataSets.lookupParameters(rows);
      var ratios = new ArrayList<Double>();
      var extraBytes = new ArrayList<Double>();
      for (int run = 0; run < runs; run++) {
        var outcomes = bench.repositoryMetricsOffAndOn(stores, parameters);
        if (!(outcomes[0] instanceof Results.Measured off)
            || !(outcomes[1] instanceof Results.Measured on)) {
          throw new IllegalStateException("not measured: " + Arrays.toString(outcomes));
        }
        ratios.add(on.p50Micros() / off.p50Micros());
        extraBytes.add(on.bytesPerExecution() - off.bytesPerExecution());
        System.out.printf(
            "%s run %d: off %.2f µs / %.0f B, on %.2f µs / %.0f B: %.3fx, %+.0f B%n",
            BenchRunner.tierLabel(tier),
            run + 1,
            off.p50Micros(),
            off.bytesPerExecution(),
            on.p50Micros(),
            on.bytesPerExecution(),
            on.p50Micros() / off.p50Micros(),
            on.bytesPerExecution() - off.bytesPerExecution());
      }
      System.out.printf(
          "%s: p50 ratio median %.3fx (min %.3fx, max %.3fx), extra allocation median %+.0f B%n",
          BenchRunner.tierLabel(tier),
          median(ratios),
          ratios.stream().mapToDouble(d -> d).min().orElseThrow(),
          ratios.stream().mapToDouble(d -> d).max().orElseThrow(),
          median(extraBytes));
    }
    BenchRunner.delete(work);
  }

  private static double median(List<Double> values) {
    var sorted = values.stream().mapToDouble(d -> d).sorted().toArray();
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
