package io.kitesql.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Long rows, before and after in one JVM: the KiteSQL cells of Tables 1, 2, 3 and 6 over three
 * databases of 1,000 orders rows each: 64 B notes, 256 KiB notes written inline (row format version
 * 1: the default, and what the release before wrote), and 256 KiB notes stored out of line (the
 * system property {@code kitesql.rows.outOfLine=true} while loading). The cells run in rounds, each
 * round visiting every database in turn, so a change in the machine's load hits all three alike; a
 * cell's figure is the median of its rounds' p50s. Prints a Markdown table with the ratios to 64 B.
 * Run: {@code java -cp … io.kitesql.bench.LongRowsAb [rounds] [work dir]}.
 */
public final class LongRowsAb {
  private static final int ROWS = 1_000;
  private static final int LONG = 256 * 1024;

  private LongRowsAb() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
    Path work =
        args.length > 1 ? Path.of(args[1]) : Path.of("kitesql-bench", "target", "long-rows-ab");
    BenchRunner.delete(work);
    var variants = new LinkedHashMap<String, Path>();
    variants.put("64 B", load(work.resolve("short"), 64, true));
    variants.put("256 KiB inline (v1)", load(work.resolve("inline"), LONG, false));
    variants.put("256 KiB out of line (v2)", load(work.resolve("outofline"), LONG, true));
    var cells = new ArrayList<Workload.Cell>();
    for (var cell : Workload.orders()) {
      if (!cell.variant().equals("lookup + scan every char")) {
        cells.add(cell);
      }
    }
    var parameters = DataSets.lookupParameters(ROWS);
    var config = new BenchConfig("ab", List.of(64), ROWS, 1L << 40, 1, 100, 150, 1, 10, 1000, 0, 0);
    var measure = new Measure(config);
    Map<String, double[][]> p50 = new LinkedHashMap<>();
    Map<String, double[]> bytes = new LinkedHashMap<>();
    for (var name : variants.keySet()) {
      p50.put(name, new double[cells.size()][rounds]);
      bytes.put(name, new double[cells.size()]);
    }
    var engines = new LinkedHashMap<String, KiteEngine>();
    for (var e : variants.entrySet()) {
      engines.put(e.getKey(), new KiteEngine(e.getValue(), KiteEngine.Mode.BORROWED));
    }
    try {
      for (int r = 0; r < rounds; r++) {
        for (int c = 0; c < cells.size(); c++) {
          var cell = cells.get(c);
          for (var e : engines.entrySet()) {
            var query = e.getValue().prepare(cell.sql());
            var outcome =
                measure.cell(
                    e.getValue(),
                    query,
                    cell.parametersOf(parameters),
                    cell.consumer().forEngine(true));
            if (!(outcome instanceof Results.Measured m)) {
              throw new IllegalStateException(
                  cell.variant() + " on " + e.getKey() + ": " + outcome);
            }
            p50.get(e.getKey())[c][r] = m.p50Micros();
            bytes.get(e.getKey())[c] = m.bytesPerExecution();
          }
        }
        System.out.println("round " + (r + 1) + " of " + rounds + " done");
      }
    } finally {
      for (var engine : engines.values()) {
        engine.close();
      }
      BenchRunner.delete(work);
    }
    var out = new StringBuilder("| cell | ");
    variants.keySet().forEach(v -> out.append(v).append(" | "));
    out.append("inline / 64 B | out of line / 64 B |\n|---|---|---|---|---|---|\n");
    for (int c = 0; c < cells.size(); c++) {
      var cell = cells.get(c);
      out.append("| ").append(cell.table()).append(": ").append(cell.variant()).append(" | ");
      double[] medians = new double[variants.size()];
      int i = 0;
      for (var name : variants.keySet()) {
        medians[i] = median(p50.get(name)[c]);
        out.append(Report.micros(medians[i]))
            .append(" µs / ")
            .append(String.format("%.0f B", bytes.get(name)[c]))
            .append(" | ");
        i++;
      }
      out.append(
          String.format("%.2fx | %.2fx |%n", medians[1] / medians[0], medians[2] / medians[0]));
    }
    System.out.println(out);
    Files.createDirectories(Path.of("kitesql-bench", "target"));
    Files.writeString(Path.of("kitesql-bench", "target", "LONG-ROWS-AB.md"), out);
  }

  private static Path load(Path dir, int noteLength, boolean outOfLine) throws Exception {
    String property = "kitesql.rows.outOfLine";
    System.setProperty(property, String.valueOf(outOfLine));
    try {
      var stores = new Stores(dir);
      var load =
          new Stores.TableLoad(
              DataSets.ORDERS_INSERT,
              ROWS,
              i -> DataSets.orderRow(i, ROWS, noteLength),
              noteLength + 32);
      stores.loadKite(DataSets.ORDERS_DDL, List.of(load), 1000);
      return stores.kiteDir();
    } finally {
      System.clearProperty(property);
    }
  }

  private static double median(double[] values) {
    var sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
