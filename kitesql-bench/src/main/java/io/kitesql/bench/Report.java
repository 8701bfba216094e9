package io.kitesql.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Writes RESULTS.md from one or more runs' {@link Results}: the article's layout, then the extra
 * measurements and targets. With several runs every figure in a table is the median of the runs'
 * ({@link RunMedians}), and every target is decided in each run, then over the runs.
 */
public final class Report {
  private final BenchConfig config;
  private final List<Results> runs;
  private final Results r;
  private final Map<String, String> environment;
  private final List<String> engines =
      Arrays.stream(Stores.Kind.values()).map(Stores.Kind::label).toList();
  private final StringBuilder out = new StringBuilder();

  /**
   * @param runs the runs of {@code config}, in the order they ran (one, or at least {@link
   *     NoiseVerdict#MIN_FIGURES})
   * @param environment machine, JDK and versions, in display order
   */
  public Report(BenchConfig config, List<Results> runs, Map<String, String> environment) {
    if (runs.isEmpty() || runs.size() > 1 && runs.size() < NoiseVerdict.MIN_FIGURES) {
      throw new IllegalArgumentException(
          "a report is of one run or of at least " + NoiseVerdict.MIN_FIGURES + " runs");
    }
    this.config = config;
    this.runs = List.copyOf(runs);
    this.r = RunMedians.of(runs);
    this.environment = environment;
  }

  /** A cell as the article prints it: {@code p50 µs / KiB allocated per execution}. */
  public static String cell(Results.Outcome outcome) {
    return switch (outcome) {
      case null -> "–";
      case Results.Measured m ->
          String.format("%s / %.1f", micros(m.p50Micros()), m.bytesPerExecution() / 1024);
      case Results.Unsupported u ->
          "n/a (unsupported: " + u.reason().replaceFirst("(?i)^unsupported: ", "") + ")";
    };
  }

  static String micros(double us) {
    return us >= 100 ? String.format("%.0f", us) : String.format("%.2f", us);
  }

  private static String p99(Results.Outcome outcome) {
    return outcome instanceof Results.Measured m ? micros(m.p99Micros()) : "n/a";
  }

  /** The whole report. */
  public String render() {
    header();
    var tiers = config.tiers().stream().map(BenchRunner::tierLabel).toList();
    section(
        "Table 1: plain index lookup",
        "select id, status, amount, note" + Workload.WHERE,
        "The caller takes every string and reads its length and first and last char (the article's caller "
            + "does not read the content). A second grid has the caller read every char.");
    grids("1", List.of("lookup", "lookup + scan every char"), tiers);
    section(
        "Table 2: length functions",
        "select octet_length(note) / char_length(note)" + Workload.WHERE,
        "`caller length()` fetches note and calls `CharSequence.length()`. SQLite spells char_length `length()`.");
    grids("2", List.of("caller length()", "octet_length", "char_length"), tiers);
    section(
        "Table 3: group + window + sort",
        Workload.TABLE3.replace("?", "$n"),
        "The caller touches status and note of every row.");
    grids("3", List.of("group + window + sort"), tiers);
    section(
        "Table 6: a filter on a small column over every row",
        Workload.SMALL_COLUMN_FILTER,
        "`amount` is not indexed, so every row is read, its note never. Rows with "
            + "long notes are stored inline (the default), their headers on LMDB overflow pages; "
            + "docs/storage.md compares them with notes stored out of line. The parameter is 0 (every row counts). "
            + "H2 keeps a query's last result and returns it again while parameters and tables are unchanged "
            + "(its setting `OPTIMIZE_REUSE_RESULTS`), which here would be every execution: its columns run with "
            + "`SET OPTIMIZE_REUSE_RESULTS 0` for this table (on again afterwards), so that H2 scans too.");
    grids("6", List.of("filter on amount, every row"), tiers);
    table4();
    table5(tiers);
    out.append(new SpringQueriesReport(r).section());
    out.append(targets(run -> List.of(new SpringQueriesReport(run).targets())));
    extras(tiers);
    out.append(targets(run -> new Targets(config, run).sections()));
    out.append(targets(run -> new RepositoryTargets(run, table5Tiers(tiers)).sections()));
    out.append(targets(run -> List.of(new DmlReport(run).targets())));
    notes();
    return out.toString();
  }

  /** Target sections decided in every run, then over the runs. */
  private String targets(Function<Results, List<TargetSection>> sections) {
    var perRun = runs.stream().map(sections).toList();
    var rendered = new StringBuilder();
    for (int i = 0; i < perRun.getFirst().size(); i++) {
      int at = i;
      var each = perRun.stream().map(run -> run.get(at)).toList();
      var section = runs.size() == 1 ? each.getFirst() : TargetSection.acrossRuns(each);
      rendered.append(section.render(runs.size()));
    }
    return rendered.toString();
  }

  private void header() {
    out.append("# KiteSQL benchmark results\n\n");
    out.append("Generated by `io.kitesql.bench.BenchMain` (")
        .append(runs.size() == 1 ? "" : runs.size() + " ")
        .append(config.name())
        .append(runs.size() == 1 ? " run, " : " runs, ")
        .append(String.format("%.1f", r.elapsedMillis / 60000.0))
        .append(" minutes). Do not edit by hand: re-run ")
        .append(
            "(see README.md). Absolute times are noisy on shared machines; compare engines within one run.\n\n");
    out.append("## Machine, JDK, versions and settings\n\n| | |\n|---|---|\n");
    environment.forEach((k, v) -> row(k, v));
    r.facts.forEach((k, v) -> row(k, v));
    r.dataRows.forEach((k, v) -> row("rows: " + k, String.format("%,d", v)));
    row(
        "per cell",
        "warm-up "
            + config.warmupMillis()
            + " ms, then "
            + config.rounds()
            + " rounds of up to "
            + config.maxExecutions() / config.rounds()
            + " executions or "
            + config.measureMillis() / config.rounds()
            + " ms each (at least "
            + config.minExecutions()
            + "); p50 = median of the rounds' medians, p99 over all rounds"
            + (runs.size() == 1
                ? ""
                : "; every figure in the tables is the median of "
                    + runs.size()
                    + " full runs' figures (each run's own in the targets)"));
    out.append('\n');
  }

  private void row(String k, String v) {
    out.append("| ").append(k).append(" | ").append(v.replace('|', '/')).append(" |\n");
  }

  private void section(String title, String sql, String text) {
    out.append("## ")
        .append(title)
        .append("\n\n```sql\n")
        .append(sql)
        .append("\n```\n\n")
        .append(text)
        .append(" Cell: `p50 µs / KiB allocated per execution`; the p99 grid below each.\n\n");
  }

  private void grids(String table, List<String> variants, List<String> tiers) {
    for (var variant : variants) {
      out.append("**").append(variant).append("**\n\n");
      grid(
          tiers,
          tier -> engines.stream().map(e -> cell(r.get(table, variant, tier, e))).toList(),
          "note");
      out.append("p99 µs:\n\n");
      grid(
          tiers,
          tier -> engines.stream().map(e -> p99(r.get(table, variant, tier, e))).toList(),
          "note");
      spread(table, variant, tiers);
    }
  }

  /**
   * How far the rounds' medians of the cells of one grid lay apart: the typical and the worst cell.
   */
  private void spread(String table, String variant, List<String> tiers) {
    spread(engines, table, variant, tiers);
  }

  private void spread(List<String> columns, String table, String variant, List<String> tiers) {
    var measured = new ArrayList<Map.Entry<String, Results.Measured>>();
    for (var tier : tiers) {
      for (var engine : columns) {
        if (r.get(table, variant, tier, engine) instanceof Results.Measured m) {
          measured.add(Map.entry(engine + ", " + tier, m));
        }
      }
    }
    if (measured.isEmpty() || config.rounds() < 2) {
      return;
    }
    measured.sort(Comparator.comparingDouble(e -> e.getValue().roundSpread()));
    var worst = measured.getLast();
    out.append(
        String.format(
            "Round-to-round spread of the median (slowest / fastest of %d rounds): %.2fx in the "
                + "median cell, %.2fx in the worst (%s).%n%n",
            config.rounds(),
            measured.get(measured.size() / 2).getValue().roundSpread(),
            worst.getValue().roundSpread(),
            worst.getKey()));
  }

  private void grid(List<String> rows, Function<String, List<String>> cells, String corner) {
    grid(engines, rows, cells, corner);
  }

  private void grid(
      List<String> columns,
      List<String> rows,
      Function<String, List<String>> cells,
      String corner) {
    out.append("| ")
        .append(corner)
        .append(" | ")
        .append(String.join(" | ", columns))
        .append(" |\n|---");
    out.append("|---".repeat(columns.size())).append("|\n");
    for (var row : rows) {
      out.append("| ")
          .append(row)
          .append(" | ")
          .append(String.join(" | ", cells.apply(row)))
          .append(" |\n");
    }
    out.append('\n');
  }

  private void table4() {
    section(
        "Table 4: parsing 100 JSON / CSV documents",
        Workload.DOCS_JSON,
        "100 documents of about 16 KiB per execution, kept past the query, then parsed: KiteSQL with "
            + "`BorrowedJson` (string fields stay `CharSequence` views of the borrowed text where the JSON has no "
            + "escapes), the peers with Jackson into `String` fields. CSV: `csv_docs`, one line per body, split "
            + "into `subSequence` fields (views for KiteSQL, `String` copies for the peers).");
    var variants = List.of("JSON fetch", "JSON fetch + parse", "CSV fetch", "CSV fetch + parse");
    grid(
        variants,
        v -> engines.stream().map(e -> cell(r.get("4", v, "16 KiB docs", e))).toList(),
        "");
    out.append("p99 µs:\n\n");
    grid(
        variants,
        v -> engines.stream().map(e -> p99(r.get("4", v, "16 KiB docs", e))).toList(),
        "");
    for (var variant : variants) {
      spread("4", variant, List.of("16 KiB docs"));
    }
  }

  /** Table 5's tiers: those of {@link RepositoryBench#TIERS} this run has. */
  static List<String> table5Tiers(List<String> tiers) {
    return RepositoryBench.TIERS.stream()
        .map(BenchRunner::tierLabel)
        .filter(tiers::contains)
        .toList();
  }

  private void table5(List<String> runTiers) {
    var tiers = table5Tiers(runTiers);
    if (tiers.isEmpty()) {
      return;
    }
    section(
        "Table 5: the Table 1 query through Spring Data repositories",
        "List<OrderNote> findByCustomerIdAndStatusAndAmountGreaterThan(int customerId, String status, int amount);\n"
            + "-- record OrderNote(Integer id, CharSequence note); both modules run\n-- "
            + RepositoryBench.SQL,
        "One execution is one call of the derived repository method; the caller takes every `OrderNote`'s id and "
            + "the note's length and first and last char (Table 1's caller). A cell's calls run inside one read-only "
            + "transaction: `KiteSQL raw engine` is the same SELECT through `Database.prepare` + `tx.query` in one "
            + "read-only transaction; `KiteSQL repository` calls the repository inside a `@ReadOnlyTxn` method, so "
            + "`note` is a borrowed `Text`; `KiteSQL repository + metrics` is the same with the starter's "
            + "`KiteSqlStatementMetrics` (on a `SimpleMeterRegistry`, allocation measured) as the database's "
            + "`ExecutionListener`, recording every call, as "
            + "the starter wires it when the application has a meter registry; these two columns run in one context, "
            + "their calls alternating (metrics off, on, off, ...), so that the machine's noise falls on both alike; Spring Data JDBC calls it inside a `@Transactional(readOnly = true)` "
            + "method (`DataSourceTransactionManager` over one connection: autocommit off for the cell and "
            + "`Connection.setReadOnly(true)`, which H2 ignores; H2 stays READ COMMITTED, no snapshot). Plain "
            + "`AnnotationConfigApplicationContext`s, no Spring Boot. Warm-up per cell: "
            + config.repositoryWarmupMillis()
            + " ms for every column (the Spring stacks are deep and C2 needs seconds to compile them).");
    grid(
        RepositoryBench.ENGINES,
        tiers,
        tier ->
            RepositoryBench.ENGINES.stream()
                .map(e -> cell(r.get(RepositoryBench.TABLE, RepositoryBench.VARIANT, tier, e)))
                .toList(),
        "note");
    out.append("p99 µs:\n\n");
    grid(
        RepositoryBench.ENGINES,
        tiers,
        tier ->
            RepositoryBench.ENGINES.stream()
                .map(e -> p99(r.get(RepositoryBench.TABLE, RepositoryBench.VARIANT, tier, e)))
                .toList(),
        "note");
    spread(RepositoryBench.ENGINES, RepositoryBench.TABLE, RepositoryBench.VARIANT, tiers);
  }

  private void extras(List<String> tiers) {
    out.append(
        "## KiteSQL map check\n\nEvery text value returned by the checked executions (up to 200 per cell, "
            + "after measuring) compared with the ranges of `data.mdb` in `/proc/self/maps`. \"Borrowed\" and "
            + "\"copied\" bytes are counted here on the returned text values; the engine counters are the "
            + "transactions' own (`Transaction.bytesBorrowed()`/`bytesCopied()`: every key and row the storage "
            + "lent or copied, text or not).\n\n");
    out.append(
        "| engine | values checked | borrowed bytes | copied bytes | violations "
            + "| engine counter: bytes lent from the map | engine counter: bytes copied |\n|---|---|---|---|---|---|---|\n");
    r.mapChecks.forEach(
        (e, c) ->
            out.append(
                String.format(
                    "| %s | %,d | %,d | %,d | %d | %s | %s |%n",
                    e,
                    c.values(),
                    c.borrowedBytes(),
                    c.copiedBytes(),
                    c.violations(),
                    counter(c.engineBorrowed()),
                    counter(c.engineCopied()))));
    out.append(
        "\n## Writes: bulk insert into orders (rows/s)\n\nDurability: KiteSQL `Durability.NO_SYNC`; SQLite "
            + "WAL, `synchronous=NORMAL`; H2 defaults (MVStore, no fsync per commit). No engine fsyncs on every commit. "
            + "KiteSQL loads through `Database.writeOnWriterThread` (each transaction's statements run on the writer "
            + "thread), and one row per transaction also through `Database.write` (\"KiteSQL Database.write\": "
            + "the ordinary API, statements handed to the writer thread one by one), and with "
            + "`StorageOptions.withWriteMap(true)` (\"KiteSQL writeMap\": LMDB's MDB_WRITEMAP, a 1 GiB map allocated on "
            + "disk), SQLite and H2 through a prepared statement with autocommit off, committed per batch. "
            + "Every engine first loads a tenth of each cell's rows untimed (JIT warm-up).\n\n");
    out.append("| engine | note | rows per transaction | rows | rows/s |\n|---|---|---|---|---|\n");
    for (var w : r.writes) {
      out.append(
          String.format(
              "| %s | %s | %d | %,d | %,.0f |%n",
              w.engine(),
              BenchRunner.tierLabel(w.noteLength()),
              w.batch(),
              w.rows(),
              w.rowsPerSecond()));
    }
    out.append(new DmlReport(r).section());
    out.append(new GroupCommitReport(r).section());
    var allTiers = new ArrayList<>(tiers);
    allTiers.add("16 KiB docs");
    out.append(
        "\n## Retained heap (MiB)\n\nLive heap after `System.gc()` (heap pools' usage after the collection) "
            + "with the engine still open after running its cells, minus the same after closing it. H2's big cache keeps rows as Java objects.\n\n");
    grid(
        allTiers,
        t -> engines.stream().map(e -> mib(r.retainedHeap.get(List.of(t, e)))).toList(),
        "data");
    out.append(
        "## Cold start (µs)\n\nOpen the existing database, prepare, first result of the first statement "
            + "(file in the page cache; the first data set also pays class loading and JIT warm-up).\n\n");
    grid(
        allTiers,
        t ->
            engines.stream()
                .map(
                    e -> {
                      var v = r.coldStartMicros.get(List.of(t, e));
                      return v == null ? "–" : String.format("%,.0f", v);
                    })
                .toList(),
        "data");
  }

  private static String mib(Long bytes) {
    return bytes == null ? "–" : String.format("%.2f", bytes / 1048576.0);
  }

  private void notes() {
    out.append(
        """
        ## Notes

        - Allocation is Java heap only, from `ThreadMXBean.getCurrentThreadAllocatedBytes` of the platform thread \
        that executes every cell. SQLite's native `malloc` is invisible to it, so SQLite's cells count only what \
        the JDBC driver allocates on the Java heap (mainly the `String` it builds per text value); they are not \
        comparable with the article's malloc counts.
        - Same DDL, data, indexes and SQL text on every engine, prepared once; a cell's executions share one \
        transaction (KiteSQL read-only transaction; the forced-copy control group uses a write transaction rolled \
        back at the end, run on the writer thread with `Database.writeOnWriterThread` so that it measures copying, \
        not a thread hand-off per storage call; SQLite and H2 a read-only connection with autocommit off, committed after the cell). \
        Dialect difference: SQLite's `length()` for `char_length()`.
        - SQLite: file database, WAL checkpointed (TRUNCATE) after loading, read connection opened read-only with \
        `PRAGMA mmap_size = 1073741824`. H2: file database opened with `ACCESS_MODE_DATA=r`, once with its default \
        cache and once with `CACHE_SIZE=%d` KiB; its result reuse (`OPTIMIZE_REUSE_RESULTS`) is off for the cells \
        whose every execution has the same parameters (Table 6).
        - Parameters cycle over every (customer_id, status) pair of the tier in a shuffled order, `amount > 0`, \
        about 10 rows per execution. Every tier holds the same number of rows (unless its notes would exceed %d MiB). \
        Before measuring, an unmeasured pass runs every cell on every engine (JIT warm-up: %s), \
        then a 2 s pause for the compiler queues to drain; each cell then has its own warm-up.
        """
            .formatted(Stores.H2_BIG_CACHE_KIB, config.maxTierBytes() >> 20, warmupText()));
  }

  private String warmupText() {
    return config.jitWarmup().stream()
        .map(
            w ->
                w.maxRows()
                    + " rows at note lengths "
                    + w.tiers()
                    + " and "
                    + w.docGroups() * 100
                    + " documents, "
                    + w.warmupMillis()
                    + " + "
                    + w.measureMillis()
                    + " ms per cell")
        .reduce((a, b) -> a + "; then " + b)
        .orElse("none");
  }

  private static String counter(long bytes) {
    return bytes < 0 ? "n/a" : String.format("%,d", bytes);
  }
}
