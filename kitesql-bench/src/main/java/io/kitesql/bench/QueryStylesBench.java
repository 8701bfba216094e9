package io.kitesql.bench;

import io.kitesql.api.KiteSql;
import io.kitesql.bench.styles.StylesEngine;
import io.kitesql.options.Durability;
import io.kitesql.value.Text;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Table 5's query-style rows: query by example and a criteria query on KiteSQL's repositories, each
 * beside the derived query it is equivalent to (same rows, same columns), on Table 5's tiers. Each
 * pair runs side by side in one read-only transaction ({@link Measure#cells}: calls alternating, so
 * that the machine's noise falls on both alike); the whole measurement is repeated {@code runs}
 * times in one JVM, each time in a fresh Spring context, and the report gives the median ratio and
 * its range over the runs. Target: each style's p50 and allocation within {@value #MAX_RATIO}× the
 * derived query's. Run with {@code --query-styles [quick] [runs N]}; writes {@code
 * kitesql-bench/target/RESULTS-query-styles.md}.
 */
final class QueryStylesBench {
  static final double MAX_RATIO = 1.5;

  /** One style against its derived query. */
  private record Pair(String style, String derived, String sql) {}

  private static final Pair EXAMPLE =
      new Pair(
          "query by example: `findBy(Example.of(probe), q -> q.as(OrderNote.class).all())`",
          "`List<OrderNote> findByCustomerIdAndStatus(int, String)`",
          "select id, note from orders where customer_id = ? and status = ?");
  private static final Pair CRITERIA =
      new Pair(
          "criteria: `findAll(Query.query(where(\"customerId\").is(c).and(\"status\").is(s)"
              + ".and(\"amount\").greaterThan(a)))`",
          "`List<Order> findByCustomerIdAndStatusAndAmountGreaterThan(int, String, int)`",
          "select id, customer_id, status, amount, note from orders where customer_id = ?"
              + " and status = ? and amount > ?");

  /** One run's figures of one pair at one tier: the derived query's, then the style's. */
  private record Figures(Results.Measured derived, Results.Measured style) {
    double p50Ratio() {
      return style.p50Micros() / derived.p50Micros();
    }

    double bytesRatio() {
      return style.bytesPerExecution() / derived.bytesPerExecution();
    }
  }

  private record Row(Pair pair, String tier, List<Figures> runs) {}

  private QueryStylesBench() {}

  public static void main(String[] args) throws Exception {
    var base = BenchConfig.full();
    int runs = 5;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "quick" -> {
          base = BenchConfig.quick();
          runs = 2;
        }
        case "runs" -> runs = Integer.parseInt(args[++i]);
        default ->
            throw new IllegalArgumentException(
                "unknown argument " + args[i] + " (use quick, runs N)");
      }
    }
    var report =
        run(
            base.withWarmupMillis(base.repositoryWarmupMillis()),
            Path.of("kitesql-bench", "target", "query-styles-data"),
            runs);
    var out = Path.of("kitesql-bench", "target", "RESULTS-query-styles.md");
    Files.writeString(out, report);
    System.out.println(report);
    System.out.println("wrote " + out.toAbsolutePath());
  }

  /** Measures every pair {@code runs} times at Table 5's tiers; returns the report section. */
  static String run(BenchConfig config, Path work, int runs) throws Exception {
    var loadBefore = Files.readString(Path.of("/proc/loadavg")).trim();
    long started = System.nanoTime();
    var rows = new ArrayList<Row>();
    for (int noteLength : RepositoryBench.TIERS) {
      rows.addAll(runTier(config, work, noteLength, runs));
    }
    var loadAfter = Files.readString(Path.of("/proc/loadavg")).trim();
    return render(config, runs, rows, loadBefore, loadAfter, (System.nanoTime() - started) / 6e10);
  }

  private static List<Row> runTier(BenchConfig config, Path work, int noteLength, int runs)
      throws Exception {
    int rows = config.rowsFor(noteLength);
    var tier = BenchRunner.tierLabel(noteLength);
    var stores = new Stores(work.resolve("tier-" + noteLength));
    BenchRunner.delete(stores.kiteDir().getParent());
    stores.loadKite(
        DataSets.ORDERS_DDL,
        List.of(
            new Stores.TableLoad(
                DataSets.ORDERS_INSERT,
                rows,
                i -> DataSets.orderRow(i, rows, noteLength),
                noteLength + 32)),
        1000);
    var parameters = DataSets.lookupParameters(rows);
    var example = new ArrayList<Figures>();
    var criteria = new ArrayList<Figures>();
    for (int run = 0; run < runs; run++) {
      try (var engine =
          new StylesEngine(
              () -> KiteSql.open(stores.kiteDir(), KiteEngine.options(Durability.NO_SYNC)))) {
        var measure = new Measure(config);
        example.add(
            measurePair(
                tier,
                EXAMPLE,
                measure,
                engine,
                engine.derivedNotes(),
                engine.exampleNotes(),
                parameters));
        criteria.add(
            measurePair(
                tier,
                CRITERIA,
                measure,
                engine,
                engine.derivedOrders(),
                engine.criteriaOrders(),
                parameters));
      }
    }
    BenchRunner.delete(stores.kiteDir().getParent());
    return List.of(new Row(EXAMPLE, tier, example), new Row(CRITERIA, tier, criteria));
  }

  private static Figures measurePair(
      String tier,
      Pair pair,
      Measure measure,
      StylesEngine engine,
      Engine.Query derived,
      Engine.Query style,
      Object[][] parameters)
      throws Exception {
    // the same rows from both before anything is timed, their notes borrowed from the map
    for (var p : parameters) {
      var expected = engine.inTransaction(() -> rows(derived.execute(p)));
      var actual = engine.inTransaction(() -> rows(style.execute(p)));
      if (expected.isEmpty() || !expected.equals(actual)) {
        throw new IllegalStateException(
            pair.style() + " and its derived query read different rows for " + Arrays.toString(p));
      }
    }
    engine.inTransaction(
        () -> {
          var rows = style.execute(parameters[0]);
          rows.next();
          if (!(rows.text(1) instanceof Text text) || !text.isBorrowed()) {
            throw new IllegalStateException(pair.style() + ": the note is not borrowed");
          }
          rows.close();
          return null;
        });
    var outcomes =
        measure.cells(
            engine, new Engine.Query[] {derived, style}, parameters, RepositoryBench::touchNotes);
    if (!(outcomes[0] instanceof Results.Measured d)
        || !(outcomes[1] instanceof Results.Measured s)) {
      throw new IllegalStateException(
          pair.style()
              + " at "
              + tier
              + ": "
              + Report.cell(outcomes[0])
              + ", "
              + Report.cell(outcomes[1]));
    }
    var figures = new Figures(d, s);
    System.out.printf(
        "  %s | %s | derived %s | style %s | p50 %.2fx, allocation %.2fx%n",
        tier,
        pair.style(),
        Report.cell(d),
        Report.cell(s),
        figures.p50Ratio(),
        figures.bytesRatio());
    return figures;
  }

  private static List<String> rows(Engine.Rows rows) throws Exception {
    var all = new ArrayList<String>();
    while (rows.next()) {
      all.add(rows.number(0) + "|" + rows.text(1));
    }
    rows.close();
    return all;
  }

  private static String render(
      BenchConfig config,
      int runs,
      List<Row> rows,
      String loadBefore,
      String loadAfter,
      double minutes) {
    var out = new StringBuilder();
    out.append(
        String.format(
            """
        ## Table 5, query-style rows: query by example and criteria beside the equivalent derived query

        Table 1's lookup through KiteSQL's repository (`OrderStylesRepository extends \
        KiteSqlRepository<Order, Integer>, KiteSqlCriteriaExecutor<Order>`), each query style beside the \
        derived query that reads the same rows and columns: query by example of customer and status \
        (the example cannot say `amount > ?`; every row has `amount > 0`, so the rows are Table 5's) read \
        as `OrderNote` projections, and a criteria query of the three conditions, built per call, read as \
        `Order` entities. Every note is a borrowed `Text` (checked). Each pair runs in one `@ReadOnlyTxn` \
        per cell with its calls alternating (derived, style, derived, ...), warm-up %d ms, then %d rounds; \
        the rows of every parameter set are compared before timing. The whole measurement ran %d times \
        (a fresh Spring context each time, one JVM): a cell is the median of the runs' p50 µs / KiB \
        allocated per call, a ratio the median of the runs' ratios with their range. Target: p50 and \
        allocation ≤ %.1fx the derived query's. Machine load average (`/proc/loadavg`) before: %s; after: \
        %s; %.1f minutes.

        | query | note | derived query | style | p50 ratio, median (range) | allocation ratio, median (range) | target ≤ %.1fx |
        |---|---|---|---|---|---|---|
        """,
            config.warmupMillis(),
            config.rounds(),
            runs,
            MAX_RATIO,
            loadBefore,
            loadAfter,
            minutes,
            MAX_RATIO));
    for (var row : rows) {
      var figures = row.runs();
      double p50 = median(figures.stream().mapToDouble(Figures::p50Ratio).toArray());
      double bytes = median(figures.stream().mapToDouble(Figures::bytesRatio).toArray());
      out.append(
          String.format(
              "| %s | %s | %s / %.1f | %s / %.1f | %.2fx (%s) | %.2fx (%s) | %s |%n",
              row.pair().style(),
              row.tier(),
              Report.micros(
                  median(figures.stream().mapToDouble(f -> f.derived().p50Micros()).toArray())),
              median(figures.stream().mapToDouble(f -> f.derived().bytesPerExecution()).toArray())
                  / 1024,
              Report.micros(
                  median(figures.stream().mapToDouble(f -> f.style().p50Micros()).toArray())),
              median(figures.stream().mapToDouble(f -> f.style().bytesPerExecution()).toArray())
                  / 1024,
              p50,
              range(figures.stream().mapToDouble(Figures::p50Ratio).toArray()),
              bytes,
              range(figures.stream().mapToDouble(Figures::bytesRatio).toArray()),
              p50 <= MAX_RATIO && bytes <= MAX_RATIO ? "met" : "**missed**"));
    }
    out.append("\nThe derived queries: ");
    out.append(EXAMPLE.derived()).append(" (").append(EXAMPLE.sql()).append("); ");
    out.append(CRITERIA.derived()).append(" (").append(CRITERIA.sql()).append(").\n\n");
    out.append("Allocation per call in bytes, each run (derived / style):\n\n");
    for (var row : rows) {
      out.append("- ")
          .append(row.tier())
          .append(", ")
          .append(row.pair() == EXAMPLE ? "query by example" : "criteria")
          .append(": ");
      var each = new ArrayList<String>();
      for (var f : row.runs()) {
        each.add(
            String.format(
                "%.0f / %.0f", f.derived().bytesPerExecution(), f.style().bytesPerExecution()));
      }
      out.append(String.join("; ", each)).append('\n');
    }
    return out.toString();
  }

  private static double median(double[] values) {
    var sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static String range(double[] values) {
    var sorted = values.clone();
    Arrays.sort(sorted);
    return String.format("%.2f–%.2f", sorted[0], sorted[sorted.length - 1]);
  }
}
