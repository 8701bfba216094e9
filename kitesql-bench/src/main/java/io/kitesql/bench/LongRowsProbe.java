package io.kitesql.bench;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.api.PreparedStatement;
import io.kitesql.api.ReadOnlyTransaction;
import io.kitesql.api.RowCursor;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/**
 * Where the time of Table 1's lookup goes at 256 KiB notes: the lookup over two KiteSQL databases
 * of the same rows, 64 B and 256 KiB notes, in one JVM, with callers that read less and less of
 * each row, so the difference between two callers is what one more touch costs. Rounds alternate
 * the databases; a figure is the median of the rounds' mean µs per execution. Run: {@code java -cp
 * … io.kitesql.bench.LongRowsProbe [rows] [rounds] [work dir]} (BenchMain {@code
 * --long-rows-probe}).
 */
public final class LongRowsProbe {
  private static final int LONG = 256 * 1024;
  private static final String WHERE =
      " from orders where customer_id = ? and status = ? and amount > ?";

  private record Caller(String name, String sql, ToLongFunction<RowCursor> row) {}

  private LongRowsProbe() {}

  private static List<Caller> callers() {
    var callers = new java.util.ArrayList<>(textCallers("note", WHERE));
    callers.add(
        new Caller(
            "Table 1's caller (all four columns, both ends)",
            "select id, status, amount, note" + WHERE,
            r ->
                r.getLong(0)
                    + Workload.touch(r.getText(1))
                    + r.getLong(2)
                    + Workload.touch(r.getText(3))));
    return callers;
  }

  /** Callers of {@code select id[, text]} + {@code where} reading less and less of the text. */
  private static List<Caller> textCallers(String text, String where) {
    String both = "select id, " + text + where;
    return List.of(
        new Caller("select id only", "select id" + where, r -> r.getLong(0)),
        new Caller("select " + text + ", read nothing of it", both, r -> r.getLong(0)),
        new Caller(
            "... + getText (a view, no byte read)",
            both,
            r -> r.getLong(0) + (r.getText(1) != null ? 1 : 0)),
        new Caller("... + length()", both, r -> r.getLong(0) + r.getText(1).length()),
        new Caller("... + charAt(0)", both, r -> r.getLong(0) + r.getText(1).charAt(0)),
        new Caller(
            "... + charAt(length - 1)",
            both,
            r -> {
              var t = r.getText(1);
              return r.getLong(0) + t.charAt(t.length() - 1);
            }));
  }

  /**
   * Table 4's fetch ({@code select id, body from json_docs where grp = ?}, 100 documents a group)
   * with the same callers, over 16 KiB documents and over 64 B bodies of the same rows in one JVM:
   * {@code select id} alone is answered by the index on {@code grp} (no row is looked up), so the
   * steps show the row lookups, the header touch and the last page, and the 64 B database tells a
   * row lookup from an overflow page's first touch.
   */
  private static void docs(int groups, int rounds) throws Exception {
    Path work = Path.of("kitesql-bench", "target", "long-rows-probe");
    BenchRunner.delete(work);
    var dbs = new LinkedHashMap<String, Database>();
    try {
      dbs.put("16 KiB documents", loadDocs(work.resolve("docs"), groups, true));
      dbs.put("64 B bodies", loadDocs(work.resolve("small"), groups, false));
      var callers = textCallers("body", " from json_docs where grp = ?");
      var parameters = DataSets.groupParameters(groups);
      var micros = new LinkedHashMap<String, double[][]>();
      dbs.keySet().forEach(k -> micros.put(k, new double[callers.size()][rounds]));
      for (int r = 0; r < rounds; r++) {
        for (int c = 0; c < callers.size(); c++) {
          for (var e : dbs.entrySet()) {
            micros.get(e.getKey())[c][r] = measure(e.getValue(), callers.get(c), parameters)[0];
          }
        }
      }
      var out =
          new StringBuilder(
              "Table 4 fetch, "
                  + groups
                  + " groups of 100 rows, median of "
                  + rounds
                  + " rounds' mean µs per execution\n\n| caller | 16 KiB documents | step | 64 B bodies | step |\n|---|---|---|---|---|\n");
      for (int c = 0; c < callers.size(); c++) {
        out.append("| ").append(callers.get(c).name());
        for (var k : dbs.keySet()) {
          double m = median(micros.get(k)[c]);
          out.append(
              String.format(
                  " | %.2f | %s",
                  m, c == 0 ? "" : String.format("%+.2f", m - median(micros.get(k)[c - 1]))));
        }
        out.append(" |\n");
      }
      System.out.println(out);
    } finally {
      dbs.values().forEach(Database::close);
      BenchRunner.delete(work);
    }
  }

  private static Database loadDocs(Path dir, int groups, boolean documents) {
    var db = KiteSql.open(dir, StorageOptions.defaults().withMapSize(1L << 40));
    DataSets.DOCS_DDL.forEach(db::execute);
    var insert = db.prepare("insert into json_docs values (?, ?, ?)");
    int rows = groups * BenchConfig.DOCS_PER_GROUP;
    for (int from = 0; from < rows; from += 100) {
      int first = from;
      db.write(
          tx -> {
            for (int id = first; id < Math.min(rows, first + 100); id++) {
              var row = DataSets.docRow(id, groups, true);
              if (!documents) {
                row[2] = DataSets.text(id, 64);
              }
              tx.execute(insert, row);
            }
            return null;
          });
    }
    return db;
  }

  public static void main(String[] args) throws Exception {
    if (args.length > 0 && args[0].equals("--table6")) {
      table6(
          args.length > 1 ? Integer.parseInt(args[1]) : 2_000,
          args.length > 2 ? Integer.parseInt(args[2]) : 9);
      return;
    }
    if (args.length > 0 && args[0].equals("--docs")) {
      docs(
          args.length > 1 ? Integer.parseInt(args[1]) : 30,
          args.length > 2 ? Integer.parseInt(args[2]) : 9);
      return;
    }
    if (args.length > 0 && args[0].equals("--memory")) {
      memory(
          args.length > 1 ? Integer.parseInt(args[1]) : 2_000,
          args.length > 2 ? Integer.parseInt(args[2]) : 9);
      return;
    }
    int rows = args.length > 0 ? Integer.parseInt(args[0]) : 2_000;
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 7;
    Path work =
        args.length > 2 ? Path.of(args[2]) : Path.of("kitesql-bench", "target", "long-rows-probe");
    BenchRunner.delete(work);
    var dbs = new LinkedHashMap<String, Database>();
    try {
      dbs.put("64 B", load(work.resolve("short"), rows, 64));
      dbs.put("256 KiB", load(work.resolve("long"), rows, LONG));
      var callers = callers();
      var parameters = DataSets.lookupParameters(rows);
      Map<String, double[][]> micros = new LinkedHashMap<>();
      Map<String, double[][]> faults = new LinkedHashMap<>();
      dbs.keySet().forEach(name -> micros.put(name, new double[callers.size()][rounds]));
      dbs.keySet().forEach(name -> faults.put(name, new double[callers.size()][rounds]));
      for (int r = 0; r < rounds; r++) {
        for (int c = 0; c < callers.size(); c++) {
          for (var e : dbs.entrySet()) {
            var m = measure(e.getValue(), callers.get(c), parameters);
            micros.get(e.getKey())[c][r] = m[0];
            faults.get(e.getKey())[c][r] = m[1];
          }
        }
        System.out.println("round " + (r + 1) + " of " + rounds + " done");
      }
      System.out.println(table(callers, micros, faults, rows, rounds));
    } finally {
      dbs.values().forEach(Database::close);
      BenchRunner.delete(work);
    }
  }

  private static String table(
      List<Caller> callers,
      Map<String, double[][]> micros,
      Map<String, double[][]> faults,
      int rows,
      int rounds) {
    var out =
        new StringBuilder(
            "Table 1 lookup, "
                + rows
                + " rows per database, median of "
                + rounds
                + " rounds' mean µs per execution (10 rows); page faults of the process per execution\n\n"
                + "| caller | 64 B | 256 KiB | 256 KiB / 64 B | 256 KiB - 64 B | faults 64 B | faults 256 KiB |\n"
                + "|---|---|---|---|---|---|---|\n");
    for (int c = 0; c < callers.size(); c++) {
      double s = median(micros.get("64 B")[c]);
      double l = median(micros.get("256 KiB")[c]);
      out.append(
          String.format(
              "| %s | %.2f | %.2f | %.2fx | %+.2f | %.3f | %.3f |%n",
              callers.get(c).name(),
              s,
              l,
              l / s,
              l - s,
              median(faults.get("64 B")[c]),
              median(faults.get("256 KiB")[c])));
    }
    return out.toString();
  }

  /**
   * Mean µs and the process's page faults (minor + major) per execution of {@code caller}, over 200
   * ms of executions after one warm-up pass over every parameter.
   */
  private static double[] measure(Database db, Caller caller, Object[][] parameters) {
    PreparedStatement statement = db.prepare(caller.sql());
    long sink = 0;
    try (ReadOnlyTransaction tx = db.beginRead()) {
      for (var p : parameters) {
        sink += run(tx, statement, p, caller);
      }
      long faultsBefore = faults();
      long start = System.nanoTime();
      long deadline = start + 200_000_000L;
      int n = 0;
      long now;
      do {
        for (int i = 0; i < 100; i++) {
          sink += run(tx, statement, parameters[n++ % parameters.length], caller);
        }
        now = System.nanoTime();
      } while (now < deadline);
      if (sink == 42) {
        System.out.print("");
      }
      long faults = faults() - faultsBefore;
      return new double[] {(now - start) / 1e3 / n, (double) faults / n};
    }
  }

  /**
   * Minor + major page faults of this process so far ({@code /proc/self/stat}; 0 where there is
   * none).
   */
  private static long faults() {
    try {
      var stat = java.nio.file.Files.readString(Path.of("/proc/self/stat"));
      var fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(fields[7])
          + Long.parseLong(fields[9]); // minflt, majflt (fields 10 and 12)
    } catch (java.io.IOException | RuntimeException e) {
      return 0;
    }
  }

  private static long run(
      ReadOnlyTransaction tx, PreparedStatement statement, Object[] p, Caller caller) {
    long sum = 0;
    try (var cursor = tx.query(statement, p)) {
      while (cursor.next()) {
        sum += caller.row().applyAsLong(cursor);
      }
    }
    return sum;
  }

  private static Database load(Path dir, int rows, int noteLength) {
    var db = KiteSql.open(dir, StorageOptions.defaults().withMapSize(1L << 40));
    DataSets.ORDERS_DDL.forEach(db::execute);
    var insert = db.prepare(DataSets.ORDERS_INSERT);
    for (int from = 0; from < rows; from += 100) {
      int first = from;
      db.write(
          tx -> {
            for (int id = first; id < Math.min(rows, first + 100); id++) {
              tx.execute(insert, DataSets.orderRow(id, rows, noteLength));
            }
            return null;
          });
    }
    return db;
  }

  /**
   * Table 6 ({@code select count(*) from orders where amount > ?}, every row counts) over the two
   * databases, each with the general hash aggregation (its operators built while the property
   * {@code kitesql.exec.scanAggregate} is {@code false}; the SQL is spelled {@code ? < amount} so
   * that it is a statement of its own) and with the aggregation that reads the stored row, in
   * alternating rounds: median µs and bytes allocated per execution.
   */
  private static void table6(int rows, int rounds) throws Exception {
    Path work = Path.of("kitesql-bench", "target", "long-rows-probe");
    BenchRunner.delete(work);
    var dbs = new LinkedHashMap<String, Database>();
    try {
      dbs.put("64 B", load(work.resolve("short"), rows, 64));
      dbs.put("256 KiB", load(work.resolve("long"), rows, LONG));
      var variants =
          List.of("general (HashAggregateOperator)", "stored row (ScanAggregateOperator)");
      var statements = new LinkedHashMap<String, PreparedStatement[]>();
      Object[] zero = {0};
      for (var e : dbs.entrySet()) {
        var general = e.getValue().prepare("select count(*) from orders where ? < amount");
        System.setProperty("kitesql.exec.scanAggregate", "false");
        try (var tx = e.getValue().beginRead();
            var c = tx.query(general, zero)) {
          c.next(); // builds the operator tree the statement keeps
        } finally {
          System.clearProperty("kitesql.exec.scanAggregate");
        }
        statements.put(
            e.getKey(),
            new PreparedStatement[] {
              general, e.getValue().prepare("select count(*) from orders where amount > ?")
            });
      }
      var micros = new LinkedHashMap<String, double[]>();
      var bytes = new LinkedHashMap<String, double[]>();
      var threads =
          (com.sun.management.ThreadMXBean)
              java.lang.management.ManagementFactory.getThreadMXBean();
      for (int r = 0; r < rounds; r++) {
        for (var e : dbs.entrySet()) {
          for (int v = 0; v < variants.size(); v++) {
            var key = e.getKey() + "|" + v;
            micros.computeIfAbsent(key, _ -> new double[rounds]);
            bytes.computeIfAbsent(key, _ -> new double[rounds]);
            var statement = statements.get(e.getKey())[v];
            try (var tx = e.getValue().beginRead()) {
              long count = 0;
              for (int i = 0; i < 20; i++) {
                count += count(tx, statement, zero);
              }
              if (count != 20L * rows) {
                throw new IllegalStateException("counted " + count + ", expected " + 20L * rows);
              }
              long allocated = threads.getCurrentThreadAllocatedBytes();
              long start = System.nanoTime();
              int n = 0;
              while (System.nanoTime() - start < 150_000_000L) {
                count(tx, statement, zero);
                n++;
              }
              micros.get(key)[r] = (System.nanoTime() - start) / 1e3 / n;
              bytes.get(key)[r] =
                  (threads.getCurrentThreadAllocatedBytes() - allocated) / (double) n;
            }
          }
        }
        System.out.println("round " + (r + 1) + " of " + rounds + " done");
      }
      var out =
          new StringBuilder(
              "Table 6, "
                  + rows
                  + " rows, median of "
                  + rounds
                  + " rounds: µs / bytes allocated per execution\n\n| aggregation | 64 B | 256 KiB | 256 KiB / 64 B |\n|---|---|---|---|\n");
      for (int v = 0; v < variants.size(); v++) {
        double s = median(micros.get("64 B|" + v));
        double l = median(micros.get("256 KiB|" + v));
        out.append(
            String.format(
                "| %s | %.1f µs / %.0f B | %.1f µs / %.0f B | %.2fx |%n",
                variants.get(v),
                s,
                median(bytes.get("64 B|" + v)),
                l,
                median(bytes.get("256 KiB|" + v)),
                l / s));
      }
      System.out.println(out);
    } finally {
      dbs.values().forEach(Database::close);
      BenchRunner.delete(work);
    }
  }

  private static long count(ReadOnlyTransaction tx, PreparedStatement statement, Object[] params) {
    try (var c = tx.query(statement, params)) {
      c.next();
      return c.getLong(0);
    }
  }

  /**
   * The same visits without the engine: a file of {@code rows} × 256 KiB mapped like LMDB's map (4
   * KiB pages, page cache), read at the addresses the lookups touch, in their order (the shuffled
   * pairs, ten rows {@code pairs} apart each), one long per row: a row header at the same offset of
   * pages 256 KiB apart (the inline 256 KiB layout), the same with each header on a different cache
   * line of its page (no cache-set aliasing, the same TLB misses), and headers 128 B apart (the 64
   * B database's leaf pages). Prints ns per row visit.
   */
  private static void memory(int rows, int rounds) throws java.io.IOException {
    var file = Path.of("kitesql-bench", "target", "long-rows-probe.map");
    java.nio.file.Files.createDirectories(file.getParent());
    long size = (long) rows * LONG + LONG;
    try (var channel =
            java.nio.channels.FileChannel.open(
                file,
                java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.READ,
                java.nio.file.StandardOpenOption.WRITE,
                java.nio.file.StandardOpenOption.TRUNCATE_EXISTING);
        var arena = java.lang.foreign.Arena.ofConfined()) {
      var map = channel.map(java.nio.channels.FileChannel.MapMode.READ_WRITE, 0, size, arena);
      for (long at = 0; at < size; at += 4096) {
        // every page in the page cache and mapped; the rows' addresses read 0 (nothing is written
        // there)
        map.set(java.lang.foreign.ValueLayout.JAVA_LONG, at + 4088, at);
      }
      int pairs = DataSets.pairs(rows);
      var order = new java.util.ArrayList<Integer>();
      for (int p = 0; p < pairs; p++) {
        order.add(p);
      }
      java.util.Collections.shuffle(order, new java.util.Random(7));
      var layouts = new LinkedHashMap<String, long[]>();
      layouts.put(
          "256 KiB apart, same page offset (inline long rows)",
          addresses(order, rows, i -> (long) i * LONG + 16));
      layouts.put(
          "256 KiB apart, a different cache line each",
          addresses(order, rows, i -> (long) i * LONG + 16 + (i * 64L * 37) % 4032));
      layouts.put(
          "128 B apart (64 B rows in leaf pages)", addresses(order, rows, i -> (long) i * 128));
      var ns = new LinkedHashMap<String, double[]>();
      var chained = new LinkedHashMap<String, double[]>();
      layouts.keySet().forEach(k -> ns.put(k, new double[rounds]));
      layouts.keySet().forEach(k -> chained.put(k, new double[rounds]));
      long sink = 0;
      for (int r = 0; r < rounds; r++) {
        for (var e : layouts.entrySet()) {
          var at = e.getValue();
          for (long a : at) {
            sink += map.get(java.lang.foreign.ValueLayout.JAVA_LONG, a);
          }
          long start = System.nanoTime();
          int visits = 0;
          while (System.nanoTime() - start < 100_000_000L) {
            for (long a : at) {
              sink += map.get(java.lang.foreign.ValueLayout.JAVA_LONG, a);
            }
            visits += at.length;
          }
          ns.get(e.getKey())[r] = (System.nanoTime() - start) / (double) visits;
          // each read's address depends on the value read before (0): no two misses overlap
          start = System.nanoTime();
          visits = 0;
          long v = 0;
          while (System.nanoTime() - start < 100_000_000L) {
            for (long a : at) {
              v = map.get(java.lang.foreign.ValueLayout.JAVA_LONG, a + v);
            }
            visits += at.length;
          }
          sink += v;
          chained.get(e.getKey())[r] = (System.nanoTime() - start) / (double) visits;
        }
      }
      System.out.println(
          "one long read per row visit, "
              + rows
              + " rows, median of "
              + rounds
              + " rounds (sink "
              + (sink & 1)
              + ")\n");
      System.out.println(
          "| addresses | ns per row, independent reads | ns per row, each read waits for the last |\n|---|---|---|");
      ns.forEach(
          (k, v) ->
              System.out.printf("| %s | %.1f | %.1f |%n", k, median(v), median(chained.get(k))));
    } finally {
      java.nio.file.Files.deleteIfExists(file);
    }
  }

  /** The row addresses of the lookups of {@code order}'s pairs, ten rows a pair, in visit order. */
  private static long[] addresses(
      List<Integer> order, int rows, java.util.function.IntToLongFunction address) {
    int pairs = DataSets.pairs(rows);
    var out = new long[rows];
    int n = 0;
    for (int p : order) {
      for (int id = p; id < rows; id += pairs) {
        out[n++] = address.applyAsLong(id);
      }
    }
    return Arrays.copyOf(out, n);
  }

  private static double median(double[] values) {
    var sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
