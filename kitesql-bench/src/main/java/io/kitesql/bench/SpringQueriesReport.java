package io.kitesql.bench;

import io.kitesql.bench.springdata.ItemRepositoryEngine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Table 7's report section and its targets: KiteSQL at most {@link #MAX_RATIO} times the faster of
 * H2 and SQLite in every cell (its repositories: Spring Data JDBC + H2's), and, for every shape
 * whose result does not grow with the table, KiteSQL's p50 at the largest size at most {@link
 * #MAX_GROWTH} times its p50 at the smallest (an O(log n + k) plan, not O(n)).
 */
final class SpringQueriesReport {
  static final double MAX_RATIO = 1.0;
  static final double MAX_GROWTH = 2.0;

  /**
   * One table of the section: KiteSQL's column against its peers' over the shapes it has.
   *
   * @param kite KiteSQL's engine label
   * @param peers the peers' labels; the ratio is to the faster of them
   * @param shapes the shapes the table has
   */
  private record View(String kite, List<String> peers, List<SpringQueries.Shape> shapes) {}

  private static final View SQL =
      new View(
          SpringQueriesBench.KITE,
          List.of(SpringQueriesBench.H2, SpringQueriesBench.SQLITE),
          SpringQueries.shapes());
  private static final View REPOSITORIES =
      new View(
          SpringRepositoriesBench.KITE,
          List.of(SpringRepositoriesBench.JDBC_H2),
          SpringQueries.shapes().stream()
              .filter(s -> ItemRepositoryEngine.METHODS.containsKey(s.name()))
              .toList());

  private final Results r;

  SpringQueriesReport(Results results) {
    this.r = results;
  }

  /**
   * The section: the tables, the statements and KiteSQL's plans ({@link #targets} separately);
   * empty if Table 7 did not run.
   */
  String section() {
    if (r.springQueries.isEmpty()) {
      return "";
    }
    var out =
        new StringBuilder(
            """

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
        bytes per execution. Ratio: KiteSQL ÷ the faster peer, met at ≤ %.1fx. Growth: KiteSQL's p50 at the \
        largest size ÷ at the smallest, met at ≤ %.0fx for shapes whose result does not grow with the table \
        ("grows" otherwise). Before a shape is timed, every engine's rows for its first parameter set are compared.

        """
                .formatted(SpringQueries.PARAMETER_SETS, MAX_RATIO, MAX_GROWTH));
    table(out, SQL);
    out.append("\nThe statements (Spring Data method → SQL):\n\n");
    for (var shape : SpringQueries.shapes()) {
      out.append("- `").append(shape.name()).append("` (").append(shape.method()).append("): ");
      out.append(
              String.join(
                  " then ", shape.statements().stream().map(s -> "`" + s.sql() + "`").toList()))
          .append('\n');
    }
    r.springQueryPlans.forEach(
        (rows, plans) ->
            out.append("\n<details><summary>KiteSQL's plans at ")
                .append(String.format("%,d", rows))
                .append(" rows</summary>\n\n```\n")
                .append(plans.strip())
                .append("\n```\n\n</details>\n"));
    if (has(REPOSITORIES.kite())) {
      out.append(
          """

          ### Table 7 through repositories

          The shapes a derived query method or an inherited CRUD or paging method expresses, as calls of one \
          `ItemRepository` (entity `record Item`, text fields `CharSequence`) on KiteSQL's repositories \
          (`@ReadOnlyTxn`) and on Spring Data JDBC + H2 (`@Transactional(readOnly = true)`, the H2 settings \
          above), set up as Table 5's; a round's calls share one read-only transaction. Warm-up per cell as in \
          Table 5. Spring Data JDBC has no SQLite dialect, and its derived queries return no keyset `Window`; \
          `max` and the semi-join need `@Query`, whose SQL is the rows above.

          """);
      table(out, REPOSITORIES);
    }
    return out.append('\n').toString();
  }

  private void table(StringBuilder out, View view) {
    var sizes = sizes();
    int small = sizes.getFirst();
    int large = sizes.getLast();
    out.append("| shape | rows | ").append(view.kite()).append(" p50 | B/exec | ");
    view.peers().forEach(p -> out.append(p).append(" p50 | "));
    out.append("ratio | verdict | growth | verdict |\n|---|---|---|---|");
    out.append("---|".repeat(view.peers().size())).append("---|---|---|---|\n");
    for (var shape : view.shapes()) {
      boolean repository = view == REPOSITORIES;
      String label = repository ? ItemRepositoryEngine.METHODS.get(shape.name()) : shape.name();
      for (int rows : sizes) {
        var ratio = ratio(view, shape.name(), rows);
        out.append("| ")
            .append(rows == small ? "`" + label + "`" : "")
            .append(" | ")
            .append(String.format("%,d", rows))
            .append(" | ")
            .append(p50(shape.name(), rows, view.kite()))
            .append(" | ")
            .append(
                find(shape.name(), rows, view.kite())
                    .map(m -> String.format("%,.0f", m.bytesPerExecution()))
                    .orElse("–"));
        view.peers().forEach(p -> out.append(" | ").append(p50(shape.name(), rows, p)));
        out.append(" | ")
            .append(ratio.map(x -> String.format("%.2fx", x)).orElse("–"))
            .append(" | ")
            .append(verdict(ratio.map(x -> x <= MAX_RATIO)))
            .append(" | ")
            .append(
                rows == large
                    ? growth(view, shape).map(g -> String.format("%.1fx", g)).orElse("–")
                    : "")
            .append(" | ")
            .append(rows == large ? growthVerdict(view, shape) : "")
            .append(" |\n");
      }
    }
  }

  /** The targets, counted over the run's cells. */
  TargetSection targets() {
    var lines = new ArrayList<TargetSection.Line>();
    for (var view : List.of(SQL, REPOSITORIES)) {
      if (!has(view.kite())) {
        continue;
      }
      int cells = 0;
      int met = 0;
      int bounded = 0;
      int flat = 0;
      for (var shape : view.shapes()) {
        for (int rows : sizes()) {
          cells++;
          met += ratio(view, shape.name(), rows).filter(x -> x <= MAX_RATIO).isPresent() ? 1 : 0;
        }
        if (shape.bounded()) {
          bounded++;
          flat += growth(view, shape).filter(g -> g <= MAX_GROWTH).isPresent() ? 1 : 0;
        }
      }
      String peers = String.join(" and ", view.peers());
      lines.add(
          TargetSection.Line.of(
              String.format(
                  "%s ≤ %.1fx the faster of %s in every cell", view.kite(), MAX_RATIO, peers),
              met == cells,
              String.format("%d of %d cells", met, cells)));
      lines.add(
          TargetSection.Line.of(
              String.format(
                  "%s's largest-size p50 ≤ %.0fx its smallest-size p50 for every shape "
                      + "whose result does not grow",
                  view.kite(), MAX_GROWTH),
              sizes().size() < 2 ? null : flat == bounded,
              String.format("%d of %d shapes", flat, bounded)));
    }
    return new TargetSection("### Targets (Table 7)", List.copyOf(lines));
  }

  private boolean has(String engine) {
    return r.springQueries.stream().anyMatch(q -> q.engine().equals(engine));
  }

  private String p50(String shape, int rows, String engine) {
    return r.springQueries.stream()
        .filter(q -> q.shape().equals(shape) && q.rows() == rows && q.engine().equals(engine))
        .findFirst()
        .map(
            q ->
                q.outcome() instanceof Results.Measured m
                    ? Report.micros(m.p50Micros())
                    : Report.cell(q.outcome()))
        .orElse("–");
  }

  /** KiteSQL's p50 ÷ the faster peer's; empty if KiteSQL or every peer has no number. */
  private Optional<Double> ratio(View view, String shape, int rows) {
    var kite = find(shape, rows, view.kite());
    var peer =
        view.peers().stream()
            .flatMap(p -> find(shape, rows, p).stream())
            .min(java.util.Comparator.comparingDouble(Results.Measured::p50Micros));
    return kite.isEmpty() || peer.isEmpty()
        ? Optional.empty()
        : Optional.of(kite.get().p50Micros() / peer.get().p50Micros());
  }

  private Optional<Double> growth(View view, SpringQueries.Shape shape) {
    var sizes = sizes();
    if (sizes.size() < 2) {
      return Optional.empty();
    }
    var first = find(shape.name(), sizes.getFirst(), view.kite());
    var last = find(shape.name(), sizes.getLast(), view.kite());
    return first.isEmpty() || last.isEmpty()
        ? Optional.empty()
        : Optional.of(last.get().p50Micros() / first.get().p50Micros());
  }

  private String growthVerdict(View view, SpringQueries.Shape shape) {
    return shape.bounded() ? verdict(growth(view, shape).map(g -> g <= MAX_GROWTH)) : "grows";
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
   * Runs Table 7 alone and writes {@code kitesql-bench/target/RESULTS-table7.md}. Arguments: {@code
   * quick} or {@code smoke} for shorter cells (and their sizes), {@code --sizes 10000,100000} for
   * other table sizes, {@code --no-repositories} for the SQL rows only, {@code --out FILE}.
   */
  public static void main(String[] args) throws Exception {
    var config = BenchConfig.full();
    List<Integer> sizes = null;
    boolean repositories = true;
    var out = Path.of("kitesql-bench", "target", "RESULTS-table7.md");
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "quick", "--quick" -> config = BenchConfig.quick();
        case "smoke", "--smoke" -> config = BenchConfig.smoke();
        case "--sizes" ->
            sizes =
                Arrays.stream(args[++i].split(","))
                    .map(String::trim)
                    .map(Integer::valueOf)
                    .toList();
        case "--out" -> out = Path.of(args[++i]);
        case "--no-repositories" -> repositories = false;
        case "" -> {}
        default ->
            throw new IllegalArgumentException(
                "unknown argument "
                    + args[i]
                    + " (use quick, smoke, --sizes, --out, --no-repositories)");
      }
    }
    var work = Path.of("kitesql-bench", "target", "bench-data", "table7");
    BenchRunner.delete(work);
    var results = new Results();
    long start = System.nanoTime();
    new SpringQueriesBench(
            config,
            sizes == null ? SpringQueriesBench.sizes(config) : sizes,
            repositories,
            work,
            results,
            System.out::println)
        .run();
    BenchRunner.delete(work);
    var report =
        "# Table 7 ("
            + config.name()
            + " run, "
            + String.format("%.1f", (System.nanoTime() - start) / 6e10)
            + " minutes)\n"
            + new SpringQueriesReport(results).section()
            + new SpringQueriesReport(results).targets().render(1);
    System.out.println(report);
    Files.createDirectories(out.toAbsolutePath().getParent());
    Files.writeString(out, report);
    System.out.println("wrote " + out.toAbsolutePath());
  }
}
