package io.kitesql.bench;

import io.kitesql.storage.MappedRegions;
import io.kitesql.value.Text;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Runs the whole benchmark: for each tier a fresh set of databases, every engine in turn over every
 * cell, then Table 4, the write benchmark and Table 7. Engines run one at a time on the calling
 * (platform) thread, so the allocation counter sees all of their Java work.
 */
public final class BenchRunner {
  private final BenchConfig config;
  private final Path work;
  private final Consumer<String> log;
  private final Measure measure;
  private final Results results = new Results();

  /** Which cells of Tables 1–3 and 6 run, by their variant. */
  private final Predicate<String> variants;

  public BenchRunner(BenchConfig config, Path work, Consumer<String> log) {
    this(config, work, log, variant -> true);
  }

  /**
   * A run of only the orders cells whose variant {@code variants} accepts (with its JIT warm-up
   * pass), on the configuration's tiers: no documents, repositories, writes or Table 7.
   */
  public BenchRunner(
      BenchConfig config, Path work, Consumer<String> log, Predicate<String> variants) {
    this.config = config;
    this.work = work;
    this.log = log;
    this.measure = new Measure(config);
    this.variants = variants;
  }

  /** Runs only the orders cells {@code variants} accepts; see the constructor. */
  public Results runCells() throws Exception {
    long start = System.nanoTime();
    delete(work);
    for (var warmup : config.jitWarmup()) {
      var pass = new BenchRunner(warmup, work.resolve("jit-warmup"), line -> {}, variants);
      for (int tier : warmup.tiers()) {
        pass.runTier(tier, false);
      }
    }
    for (int tier : config.tiers()) {
      runTier(tier, false);
    }
    delete(work);
    results.elapsedMillis = (System.nanoTime() - start) / 1_000_000;
    return results;
  }

  /** Runs everything and returns what was measured; {@code work} is emptied before and after. */
  public Results run() throws Exception {
    long start = System.nanoTime();
    delete(work);
    for (var warmup : config.jitWarmup()) {
      log.accept(
          "JIT warm-up: tiers "
              + warmup.tiers()
              + ", "
              + warmup.maxRows()
              + " rows, on every engine; "
              + "results discarded");
      new BenchRunner(warmup, work.resolve("jit-warmup"), line -> {}).runReads();
    }
    if (!config.jitWarmup().isEmpty()) {
      Thread.sleep(2000); // let the compiler queues drain
    }
    runReads();
    new WriteBench(config, work.resolve("writes"), results, log).run();
    new DmlBench(config, work.resolve("dml"), results, log).run();
    new GroupCommitBench(config, work.resolve("group-commit"), results, log).run();
    new GroupKeysBench(config, work.resolve("group-keys"), results, log).run();
    new SpringQueriesBench(
            config, SpringQueriesBench.sizes(config), true, work.resolve("table7"), results, log)
        .run();
    delete(work);
    results.elapsedMillis = (System.nanoTime() - start) / 1_000_000;
    return results;
  }

  private void runReads() throws Exception {
    for (int tier : config.tiers()) {
      runTier(tier, true);
    }
    runDocuments();
  }

  private void runTier(int noteLength, boolean repositories) throws Exception {
    int rows = config.rowsFor(noteLength);
    var label = tierLabel(noteLength);
    log.accept("tier " + label + ": loading " + rows + " rows");
    results.dataRows.put(label, rows);
    var stores = new Stores(work.resolve("tier-" + noteLength));
    var load =
        new Stores.TableLoad(
            DataSets.ORDERS_INSERT,
            rows,
            i -> DataSets.orderRow(i, rows, noteLength),
            noteLength + 32);
    stores.loadAll(DataSets.ORDERS_DDL, List.of(load), 1000);
    var parameters = DataSets.lookupParameters(rows);
    var cells = Workload.orders().stream().filter(c -> variants.test(c.variant())).toList();
    for (var kind : Stores.Kind.values()) {
      runEngine(stores, kind, cells, parameters, label);
    }
    if (repositories && RepositoryBench.TIERS.contains(noteLength)) {
      var repositoryMeasure = new Measure(config.withWarmupMillis(config.repositoryWarmupMillis()));
      new RepositoryBench(repositoryMeasure, results, log).run(stores, parameters, label);
    }
    delete(stores.kiteDir().getParent());
  }

  private void runDocuments() throws Exception {
    int docs = config.docGroups() * BenchConfig.DOCS_PER_GROUP;
    log.accept("table 4: loading " + docs + " JSON and " + docs + " CSV documents");
    results.dataRows.put("documents", docs);
    var stores = new Stores(work.resolve("docs"));
    int groups = config.docGroups();
    var json =
        new Stores.TableLoad(
            "insert into json_docs values (?, ?, ?)",
            docs,
            i -> DataSets.docRow(i, groups, true),
            BenchConfig.DOC_BYTES);
    var csv =
        new Stores.TableLoad(
            "insert into csv_docs values (?, ?, ?)",
            docs,
            i -> DataSets.docRow(i, groups, false),
            BenchConfig.DOC_BYTES);
    stores.loadAll(DataSets.DOCS_DDL, List.of(json, csv), 1000);
    var parameters = DataSets.groupParameters(groups);
    for (var kind : Stores.Kind.values()) {
      runEngine(stores, kind, Workload.documents(), parameters, "16 KiB docs");
    }
    delete(stores.kiteDir().getParent());
  }

  private void runEngine(
      Stores stores,
      Stores.Kind kind,
      List<Workload.Cell> cells,
      Object[][] parameters,
      String tier)
      throws Exception {
    long heapOpen;
    long openStart = System.nanoTime();
    try (var engine = stores.open(kind)) {
      coldStart(engine, cells.getFirst(), kind, cells.getFirst().parametersOf(parameters)[0]);
      results.coldStartMicros.put(
          List.of(tier, kind.label()), (System.nanoTime() - openStart) / 1e3);
      var regions =
          engine instanceof KiteEngine k ? MappedRegions.of(k.database().dataFile()) : null;
      boolean kite = engine instanceof KiteEngine;
      for (var cell : cells) {
        Results.Outcome outcome;
        try {
          var query = engine.prepare(cell.sqlFor(kind));
          var cellParameters = cell.parametersOf(parameters);
          outcome = measureScanning(measure, engine, query, cellParameters, cell, kite);
          if (regions != null && outcome instanceof Results.Measured) {
            results.addMapCheck(
                kind.label(), checkMap(engine, query, cellParameters, cell.textColumns(), regions));
          }
        } catch (Exception e) {
          outcome = new Results.Unsupported(Measure.reason(e));
        }
        results.put(new Results.Key(cell.table(), cell.variant(), tier, kind.label()), outcome);
        log.accept(
            "  "
                + tier
                + " | "
                + kind.label()
                + " | table "
                + cell.table()
                + " "
                + cell.variant()
                + ": "
                + Report.cell(outcome));
      }
      Facts.collect(engine, kind, results.facts);
      heapOpen = usedHeapAfterGc();
    }
    results.retainedHeap.put(List.of(tier, kind.label()), heapOpen - usedHeapAfterGc());
  }

  /**
   * Measures a cell, with H2's result reuse off while it runs if H2 would otherwise answer its
   * executions from a kept result ({@link JdbcEngine#reusesResults}).
   */
  static Results.Outcome measureScanning(
      Measure measure,
      Engine engine,
      Engine.Query query,
      Object[][] parameters,
      Workload.Cell cell,
      boolean kite)
      throws Exception {
    boolean noReuse = engine instanceof JdbcEngine jdbc && jdbc.reusesResults(parameters);
    if (noReuse) {
      ((JdbcEngine) engine).reuseResults(false);
    }
    try {
      return measure.cell(engine, query, parameters, cell.consumer().forEngine(kite));
    } finally {
      if (noReuse) {
        ((JdbcEngine) engine).reuseResults(true);
      }
    }
  }

  private static void coldStart(
      Engine engine, Workload.Cell cell, Stores.Kind kind, Object[] parameters) throws Exception {
    var query = engine.prepare(cell.sqlFor(kind));
    engine.begin();
    try {
      cell.consumer().forEngine(engine instanceof KiteEngine).consume(query.execute(parameters));
    } finally {
      engine.end();
    }
  }

  /** Runs the statement once per parameter set (up to 200) and checks every text value returned. */
  static Results.MapCheck checkMap(
      Engine engine,
      Engine.Query query,
      Object[][] parameters,
      int[] textColumns,
      MappedRegions regions)
      throws Exception {
    long values = 0;
    long borrowed = 0;
    long copied = 0;
    long violations = 0;
    long[] counters;
    engine.begin();
    try {
      for (int p = 0; p < Math.min(200, parameters.length); p++) {
        var rows = query.execute(parameters[p]);
        while (rows.next()) {
          for (int c : textColumns) {
            var text = (Text) rows.text(c);
            values++;
            if (text.isBorrowed()) {
              borrowed += text.utf8Length();
            } else {
              copied += text.utf8Length();
            }
            boolean inMap =
                text.isBorrowed()
                    && regions.contains(text.asReadOnlySegment().address(), text.utf8Length());
            if (engine.borrows() && !inMap) {
              violations++;
            }
          }
        }
        rows.close();
      }
      counters = engine.byteCounters();
    } finally {
      engine.end();
    }
    return new Results.MapCheck(
        values,
        borrowed,
        copied,
        violations,
        counters == null ? -1 : counters[0],
        counters == null ? -1 : counters[1]);
  }

  /**
   * Live heap after two full collections: the sum of every heap pool's usage as the last collection
   * left it (more exact than {@code totalMemory - freeMemory}, which also counts what was allocated
   * since).
   */
  static long usedHeapAfterGc() {
    System.gc();
    System.gc();
    long used = 0;
    for (var pool : ManagementFactory.getMemoryPoolMXBeans()) {
      var afterGc = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
      if (afterGc != null) {
        used += afterGc.getUsed();
      }
    }
    return used;
  }

  /** "64 B", "1 KiB", "256 KiB". */
  public static String tierLabel(int bytes) {
    return bytes >= 1024 ? bytes / 1024 + " KiB" : bytes + " B";
  }

  /** Deletes {@code dir} and everything below it; nothing when it does not exist. */
  public static void delete(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      for (var p : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
