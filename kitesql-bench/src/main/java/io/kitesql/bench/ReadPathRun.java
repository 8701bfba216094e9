package io.kitesql.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tables 1 (the lookup) and 6 alone, on every engine of the full run, for the read path's figures
 * without the rest of the run. Each tier's databases are loaded as in the full run; the cells then
 * run in rounds, each round visiting every engine and cell in turn, so a change in the machine's
 * load hits them alike; a cell's figure is the median of its rounds' p50s and allocations (each
 * round measured as the full run measures a cell). H2's result reuse is off for Table 6 as in the
 * full run ({@link JdbcEngine#reusesResults}). Prints a Markdown table per table. Run: {@code java
 * -cp … io.kitesql.bench.ReadPathRun [rounds] [tiers, e.g. 64,1024]} (BenchMain {@code
 * --read-path}).
 */
public final class ReadPathRun {
  private ReadPathRun() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    var tiers =
        Arrays.stream((args.length > 1 ? args[1] : "64,1024").split(","))
            .map(Integer::parseInt)
            .toList();
    var config = BenchConfig.full();
    var measure = new Measure(config);
    Path work = Path.of("kitesql-bench", "target", "read-path");
    var cells =
        Workload.orders().stream()
            .filter(c -> c.variant().equals("lookup") || c.table().equals("6"))
            .toList();
    // cell variant -> tier -> engine -> rounds of {p50, bytes}
    Map<String, Map<String, Map<String, List<double[]>>>> figures = new LinkedHashMap<>();
    for (int tier : tiers) {
      BenchRunner.delete(work);
      int rows = config.rowsFor(tier);
      var stores = new Stores(work);
      var load =
          new Stores.TableLoad(
              DataSets.ORDERS_INSERT, rows, i -> DataSets.orderRow(i, rows, tier), tier + 32);
      stores.loadAll(DataSets.ORDERS_DDL, List.of(load), 1000);
      var parameters = DataSets.lookupParameters(rows);
      for (int round = 0; round < rounds; round++) {
        // one engine open at a time: both KiteSQL columns open the same database
        for (var kind : Stores.Kind.values()) {
          try (var engine = stores.open(kind)) {
            for (var cell : cells) {
              figures
                  .computeIfAbsent(cell.variant(), k -> new LinkedHashMap<>())
                  .computeIfAbsent(BenchRunner.tierLabel(tier), k -> new LinkedHashMap<>())
                  .computeIfAbsent(kind.label(), k -> new ArrayList<>())
                  .add(run(measure, cell, kind, engine, parameters));
            }
          }
        }
      }
    }
    BenchRunner.delete(work);
    System.out.print(render(figures, rounds));
  }

  /** One round of a cell on an engine: {p50 µs, bytes per execution}, NaN if unsupported. */
  private static double[] run(
      Measure measure, Workload.Cell cell, Stores.Kind kind, Engine engine, Object[][] all)
      throws Exception {
    var query = engine.prepare(cell.sqlFor(kind));
    var outcome =
        BenchRunner.measureScanning(
            measure, engine, query, cell.parametersOf(all), cell, engine instanceof KiteEngine);
    return outcome instanceof Results.Measured m
        ? new double[] {m.p50Micros(), m.bytesPerExecution()}
        : new double[] {Double.NaN, Double.NaN};
  }

  private static String render(
      Map<String, Map<String, Map<String, List<double[]>>>> figures, int rounds) {
    var out = new StringBuilder();
    for (var cell : figures.entrySet()) {
      out.append("\n**")
          .append(cell.getKey())
          .append("** (p50 µs / KiB per execution, median of ")
          .append(rounds)
          .append(" rounds)\n\n| note |");
      var first = cell.getValue().values().iterator().next();
      first.keySet().forEach(engine -> out.append(' ').append(engine).append(" |"));
      out.append("\n|---|").append("---|".repeat(first.size())).append('\n');
      for (var tier : cell.getValue().entrySet()) {
        out.append("| ").append(tier.getKey()).append(" |");
        for (var samples : tier.getValue().values()) {
          out.append(
              String.format(" %.2f / %.2f |", median(samples, 0), median(samples, 1) / 1024));
        }
        out.append('\n');
      }
    }
    return out.toString();
  }

  private static double median(List<double[]> samples, int field) {
    double[] values = samples.stream().mapToDouble(s -> s[field]).sorted().toArray();
    return values[values.length / 2];
  }
}
