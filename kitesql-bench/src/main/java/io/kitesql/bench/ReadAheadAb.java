package io.kitesql.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The row cursors' read-ahead, on and off, in one JVM. The KiteSQL read-only cells of Tables 1, 2,
 * 3 and 6 over two databases of the same orders rows (64 B notes and 256 KiB notes, stored inline,
 * the default), each cell once with read-ahead off (its operators built while the system property
 * {@code kitesql.table.readAhead} is 0; the SQL gets a trailing space so that it is a statement of
 * its own) and once with each read-ahead size asked for. The cells run in rounds, each round
 * visiting every database and variant in turn, so a change in the machine's load hits them alike; a
 * cell's figure is the median of its rounds' p50s. Prints a Markdown table with the ratios 256 KiB
 * / 64 B per variant and on / off per database. Run: {@code java -cp … io.kitesql.bench.ReadAheadAb
 * [rounds] [rows] [sizes, e.g. 16 or 8,32] [tables, e.g. 1,2,3,6]} (BenchMain {@code
 * --read-ahead-ab}).
 */
public final class ReadAheadAb {
  private static final String PROPERTY = "kitesql.table.readAhead";
  private static final int LONG = 256 * 1024;

  private ReadAheadAb() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
    int rows = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
    int[] sizes =
        Arrays.stream((args.length > 2 ? args[2] : "16").split(","))
            .mapToInt(Integer::parseInt)
            .toArray();
    Path work = Path.of("kitesql-bench", "target", "read-ahead-ab");
    BenchRunner.delete(work);
    var databases = new LinkedHashMap<String, Path>();
    databases.put("64 B", load(work.resolve("short"), rows, 64));
    databases.put("256 KiB", load(work.resolve("long"), rows, LONG));
    var variants = new ArrayList<Integer>();
    variants.add(0);
    Arrays.stream(sizes).forEach(variants::add);
    var tables = List.of((args.length > 3 ? args[3] : "1,2,3,6").split(","));
    var cells = new ArrayList<Workload.Cell>();
    for (var cell : Workload.orders()) {
      if (!cell.variant().equals("lookup + scan every char") && tables.contains(cell.table())) {
        cells.add(cell);
      }
    }
    Map<String, double[][]> p50 = new LinkedHashMap<>();
    Map<String, double[]> bytes = new LinkedHashMap<>();
    var engines = new LinkedHashMap<String, KiteEngine>();
    for (var e : databases.entrySet()) {
      engines.put(e.getKey(), new KiteEngine(e.getValue(), KiteEngine.Mode.BORROWED));
      for (int v : variants) {
        p50.put(key(e.getKey(), v), new double[cells.size()][rounds]);
        bytes.put(key(e.getKey(), v), new double[cells.size()]);
      }
    }
    var parameters = DataSets.lookupParameters(rows);
    var measure =
        new Measure(
            new BenchConfig("ab", List.of(64), rows, 1L << 40, 1, 100, 150, 1, 10, 1000, 0, 0));
    try {
      for (int r = 0; r < rounds; r++) {
        round(r, engines, cells, variants, parameters, measure, p50, bytes);
        System.out.println("round " + (r + 1) + " of " + rounds + " done");
      }
    } finally {
      for (var engine : engines.values()) {
        engine.close();
      }
      BenchRunner.delete(work);
    }
    String table = table(cells, variants, p50, bytes, rows, rounds);
    System.out.println(table);
    Files.createDirectories(Path.of("kitesql-bench", "target"));
    Files.writeString(Path.of("kitesql-bench", "target", "READ-AHEAD-AB.md"), table);
  }

  /**
   * Round {@code r}: every cell on every database with every variant, into {@code p50} and {@code
   * bytes}.
   */
  private static void round(
      int r,
      Map<String, KiteEngine> engines,
      List<Workload.Cell> cells,
      List<Integer> variants,
      Object[][] parameters,
      Measure measure,
      Map<String, double[][]> p50,
      Map<String, double[]> bytes) {
    for (int c = 0; c < cells.size(); c++) {
      var cell = cells.get(c);
      for (var e : engines.entrySet()) {
        for (int v : variants) {
          // Every variant's statement text differs, so each keeps operators built with its setting.
          String sql = cell.sql() + " ".repeat(variants.indexOf(v));
          System.setProperty(PROPERTY, String.valueOf(v));
          Results.Outcome outcome;
          try {
            var query = e.getValue().prepare(sql);
            outcome =
                measure.cell(
                    e.getValue(),
                    query,
                    cell.parametersOf(parameters),
                    cell.consumer().forEngine(true));
          } finally {
            System.clearProperty(PROPERTY);
          }
          if (!(outcome instanceof Results.Measured m)) {
            throw new IllegalStateException(cell.variant() + " on " + e.getKey() + ": " + outcome);
          }
          p50.get(key(e.getKey(), v))[c][r] = m.p50Micros();
          bytes.get(key(e.getKey(), v))[c] = m.bytesPerExecution();
        }
      }
    }
  }

  private static String key(String database, int readAhead) {
    return database + "|" + readAhead;
  }

  private static String name(int readAhead) {
    return readAhead == 0 ? "off" : "read-ahead " + readAhead;
  }

  private static String table(
      List<Workload.Cell> cells,
      List<Integer> variants,
      Map<String, double[][]> p50,
      Map<String, double[]> bytes,
      int rows,
      int rounds) {
    var out =
        new StringBuilder(
            rows
                + " rows per database, median of "
                + rounds
                + " rounds' p50 µs / bytes per execution\n\n| cell |");
    for (var db : List.of("64 B", "256 KiB")) {
      variants.forEach(v -> out.append(' ').append(db).append(", ").append(name(v)).append(" |"));
    }
    variants.forEach(v -> out.append(" 256 KiB / 64 B, ").append(name(v)).append(" |"));
    out.append("\n|---|");
    out.append("---|".repeat(variants.size() * 3)).append('\n');
    for (int c = 0; c < cells.size(); c++) {
      var cell = cells.get(c);
      out.append("| ").append(cell.table()).append(": ").append(cell.variant()).append(" |");
      for (var db : List.of("64 B", "256 KiB")) {
        for (int v : variants) {
          out.append(' ')
              .append(Report.micros(median(p50.get(key(db, v))[c])))
              .append(" µs / ")
              .append(String.format("%.0f B", bytes.get(key(db, v))[c]))
              .append(" |");
        }
      }
      for (int v : variants) {
        double ratio = median(p50.get(key("256 KiB", v))[c]) / median(p50.get(key("64 B", v))[c]);
        out.append(String.format(" %.2fx |", ratio));
      }
      out.append('\n');
    }
    return out.toString();
  }

  private static Path load(Path dir, int rows, int noteLength) throws Exception {
    var stores = new Stores(dir);
    var load =
        new Stores.TableLoad(
            DataSets.ORDERS_INSERT,
            rows,
            i -> DataSets.orderRow(i, rows, noteLength),
            noteLength + 32);
    stores.loadKite(DataSets.ORDERS_DDL, List.of(load), 1000);
    return stores.kiteDir();
  }

  private static double median(double[] values) {
    var sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
