package io.kitesql.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Table 7's report section and its targets: KiteSQL at most {@link #MAX_RATIO} times the faster of
 * H2 and SQLite in every cell, and, for every shape whose result does not grow with the table,
 * KiteSQL's p50 at the largest size at most {@link #MAX_GROWTH} times its p50 at the smallest (an
 * O(log n + k) plan, not O(n)).
 */
final class SpringQueriesReport {
  static final double MAX_RATIO = 1.0;
  static final double MAX_GROWTH = 2.0;

  private final Results r;

  SpringQueriesReport(Results results) {
    this.r = results;
  }

  /** The section: the table, the statements, KiteSQL's plans and the targets; empty if Table 7 did not run. */
  String section() {
    if (r.springQueries.isEmpty()) {
      return "";
    }
    var sizes = sizes();
    int small = sizes.getFirst();
    int large = sizes.getLast();
    var out = new StringBuilder("""

        ## Table 7: the queries Spring Data generates

        One table, `items(id int primary key, category int, name varchar, score int, created bigint, description \
        varchar)` with indexes on `category`, `name` and `score` (50 categories; names of 8 random letters; about \
        4 rows per score), the same rows and SQL text on every engine: KiteSQL (all executions of a round in one \
        read-only transaction), H2 (file database, default cache, `ACCESS_MODE_DATA=r`, \
        `OPTIMIZE_REUSE_RESULTS=0` so that it does not hand back its previous result for the same parameters) and \
        SQLite (read-only connection, `PRAGMA case_sensitive_like = on` so that its LIKE is case-sensitive like the \
        others', which is also when it uses an index for it), JDBC statements prepared once. Each execution takes \
        the next of %d parameter sets and reads every column of every row. The engines run in interleaved rounds \
        (the first rotating); p50 is the median of the rounds' medians, in µs; allocation is KiteSQL's heap \
        bytes per execution. Ratio: KiteSQL ÷ the faster of H2 and SQLite, met at ≤ %.1fx. Growth: KiteSQL's \
        p50 at %,d rows ÷ at %,d rows, met at ≤ %.0fx for shapes whose result does not grow with the table \
        ("grows" otherwise). Before measuring, every engine's rows for the first parameter set were compared.

        | shape | rows | KiteSQL p50 | KiteSQL B/exec | H2 p50 | SQLite p50 | ratio | verdict | growth | verdict |
        |---|---|---|---|---|---|---|---|---|---|
        """.formatted(SpringQueries.PARAMETER_SETS, MAX_RATIO, large, small, MAX_GROWTH));
    for (var shape : SpringQueries.shapes()) {
      for (int rows : sizes) {
        out.append("| ").append(rows == small ? "`" + shape.name() + "`" : "").append(" | ")
            .append(String.format("%,d", rows)).append(" | ").append(p50(shape, rows, SpringQueriesBench.KITE))
            .append(" | ").append(find(shape.name(), rows, SpringQueriesBench.KITE)
                .map(m -> String.format("%,.0f", m.bytesPerExecution())).orElse("–"))
            .append(" | ").append(p50(shape, rows, SpringQueriesBench.H2))
            .append(" | ").append(p50(shape, rows, SpringQueriesBench.SQLITE))
            .append(" | ").append(ratio(shape.name(), rows).map(x -> String.format("%.2fx", x)).orElse("–"))
            .append(" | ").append(verdict(ratio(shape.name(), rows).map(x -> x <= MAX_RATIO)))
            .append(" | ").append(rows == large ? growthCell(shape) : "")
            .append(" | ").append(rows == large ? growthVerdict(shape) : "").append(" |\n");
      }
    }
    out.append("\nThe statements (Spring Data method → SQL):\n\n");
    for (var shape : SpringQueries.shapes()) {
      out.append("- `").append(shape.name()).append("` (").append(shape.method()).append("): ");
      out.append(String.join(" then ", shape.statements().stream().map(s -> "`" + s.sql() + "`").toList())).append('\n');
    }
    r.springQueryPlans.forEach((rows, plans) ->
        out.append("\n<details><summary>KiteSQL's plans at ").append(String.format("%,d", rows))
            .append(" rows</summary>\n\n```\n").append(plans.strip()).append("\n```\n\n</details>\n"));
    return out.append('\n').append(targets()).toString();
  }

  /** The targets, counted over the run's cells. */
  String targets() {
    var shapes = SpringQueries.shapes();
    int cells = 0;
    int met = 0;
    for (var shape : shapes) {
      for (int rows : sizes()) {
        var ratio = ratio(shape.name(), rows);
        cells++;
        met += ratio.isPresent() && ratio.get() <= MAX_RATIO ? 1 : 0;
      }
    }
    int bounded = 0;
    int flat = 0;
    for (var shape : shapes) {
      if (shape.bounded()) {
        bounded++;
        flat += growth(shape).filter(g -> g <= MAX_GROWTH).isPresent() ? 1 : 0;
      }
    }
    return "### Targets (Table 7), computed from this run\n\n"
        + DmlReport.line(String.format("KiteSQL ≤ %.1fx the faster of H2 and SQLite in every cell", MAX_RATIO),
            met == cells, String.format("%d of %d cells", met, cells))
        + DmlReport.line(String.format("KiteSQL's largest-size p50 ≤ %.0fx its smallest-size p50 for every shape whose "
            + "result does not grow", MAX_GROWTH), sizes().size() < 2 ? null : flat == bounded,
            String.format("%d of %d shapes", flat, bounded));
  }

  private String p50(SpringQueries.Shape shape, int rows, String engine) {
    return r.springQueries.stream()
        .filter(q -> q.shape().equals(shape.name()) && q.rows() == rows && q.engine().equals(engine))
        .findFirst()
        .map(q -> q.outcome() instanceof Results.Measured m ? Report.micros(m.p50Micros()) : Report.cell(q.outcome()))
        .orElse("–");
  }

  /** KiteSQL's p50 ÷ the faster peer's; empty if KiteSQL or both peers have no number. */
  private Optional<Double> ratio(String shape, int rows) {
    var kite = find(shape, rows, SpringQueriesBench.KITE);
    var peer = Optional.<Results.Measured>empty();
    for (var engine : List.of(SpringQueriesBench.H2, SpringQueriesBench.SQLITE)) {
      var m = find(shape, rows, engine);
      if (m.isPresent() && (peer.isEmpty() || m.get().p50Micros() < peer.get().p50Micros())) {
        peer = m;
      }
    }
    if (kite.isEmpty() || peer.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(kite.get().p50Micros() / peer.get().p50Micros());
  }

  private Optional<Double> growth(SpringQueries.Shape shape) {
    var sizes = sizes();
    if (sizes.size() < 2) {
      return Optional.empty();
    }
    var first = find(shape.name(), sizes.getFirst(), SpringQueriesBench.KITE);
    var last = find(shape.name(), sizes.getLast(), SpringQueriesBench.KITE);
    return first.isEmpty() || last.isEmpty() ? Optional.empty()
        : Optional.of(last.get().p50Micros() / first.get().p50Micros());
  }

  private String growthCell(SpringQueries.Shape shape) {
    return growth(shape).map(g -> String.format("%.1fx", g)).orElse("–");
  }

  private String growthVerdict(SpringQueries.Shape shape) {
    return shape.bounded() ? verdict(growth(shape).map(g -> g <= MAX_GROWTH)) : "grows";
  }

  private static String verdict(Optional<Boolean> met) {
    return met.map(m -> m ? "met" : "**missed**").orElse("not measured");
  }

  private Optional<Results.Measured> find(String shape, int rows, String engine) {
    return r.springQueries.stream()
        .filter(q -> q.shape().equals(shape) && q.rows() == rows && q.engine().equals(engine))
        .map(Results.SpringQuery::outcome)
        .filter(Results.Measured.class::isInstance)
        .map(Results.Measured.class::cast)
        .findFirst();
  }

  private List<Integer> sizes() {
    return r.springQueries.stream().map(Results.SpringQuery::rows).distinct().sorted().toList();
  }

  /**
   * Runs Table 7 alone and writes {@code kitesql-bench/target/RESULTS-table7.md}. Arguments:
   * {@code quick} or {@code smoke} for shorter cells (and their sizes), {@code --sizes 10000,100000}
   * for other table sizes, {@code --out FILE}.
   */
  public static void main(String[] args) throws Exception {
    var config = BenchConfig.full();
    List<Integer> sizes = null;
    var out = Path.of("kitesql-bench", "target", "RESULTS-table7.md");
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "quick", "--quick" -> config = BenchConfig.quick();
        case "smoke", "--smoke" -> config = BenchConfig.smoke();
        case "--sizes" -> sizes = Arrays.stream(args[++i].split(",")).map(String::trim).map(Integer::valueOf).toList();
        case "--out" -> out = Path.of(args[++i]);
        case "" -> { }
        default -> throw new IllegalArgumentException("unknown argument " + args[i] + " (use quick, smoke, --sizes, --out)");
      }
    }
    var work = Path.of("kitesql-bench", "target", "bench-data", "table7");
    BenchRunner.delete(work);
    var results = new Results();
    long start = System.nanoTime();
    new SpringQueriesBench(config, sizes == null ? SpringQueriesBench.sizes(config) : sizes, work, results,
        System.out::println).run();
    BenchRunner.delete(work);
    var report = "# Table 7 (" + config.name() + " run, " + String.format("%.1f", (System.nanoTime() - start) / 6e10)
        + " minutes)\n" + new SpringQueriesReport(results).section();
    System.out.println(report);
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.writeString(out, report);
    System.out.println("wrote " + out.toAbsolutePath());
  }
}
