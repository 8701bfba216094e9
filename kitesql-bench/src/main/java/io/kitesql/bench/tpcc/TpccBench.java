package io.kitesql.bench.tpcc;

import io.kitesql.bench.BenchRunner;
import io.kitesql.bench.tpcc.TpccConfig.EngineId;
import io.kitesql.bench.tpcc.TpccConfig.Pair;
import io.kitesql.options.Durability;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs the scenarios of a {@link TpccConfig}: for each (variant, pair, terminals) it loads every
 * engine (not timed; the second KiteSQL column gets a compacted copy of the first's database), runs
 * one warm-up per column, then the rounds, the columns interleaved with the first rotating, and
 * checks the consistency conditions after every run.
 */
public final class TpccBench {
  private static final long SEED = 20261206L;

  /**
   * One column of a scenario: an engine, and whether its reads run read-only.
   *
   * @param label the report's column name
   * @param engine the engine
   * @param readOnlyReads Order-Status and Stock-Level in read-only transactions, texts not copied
   */
  record Column(String label, TpccEngine engine, boolean readOnlyReads) {}

  /**
   * What one scenario measured.
   *
   * @param variant with or without quirks
   * @param pair durability pair
   * @param terminals terminals per run
   * @param loadSeconds loading time per engine (not part of any figure)
   * @param runs per column label, its runs in round order
   */
  public record Scenario(
      Variant variant,
      Pair pair,
      int terminals,
      Map<String, Double> loadSeconds,
      Map<String, List<RunResult>> runs) {}

  private final TpccConfig config;
  private final Path work;
  private final Consumer<String> log;

  public TpccBench(TpccConfig config, Path work, Consumer<String> log) {
    this.config = config;
    this.work = work;
    this.log = log;
  }

  public List<Scenario> run() throws Exception {
    var scenarios = new ArrayList<Scenario>();
    int index = 0;
    for (var variant : config.variants()) {
      for (var pair : config.pairs()) {
        for (int terminals : config.terminals()) {
          var dir = work.resolve("tpcc-" + index++);
          try {
            scenarios.add(scenario(variant, pair, terminals, dir));
          } finally {
            BenchRunner.delete(dir);
          }
        }
      }
    }
    return scenarios;
  }

  private Scenario scenario(Variant variant, Pair pair, int terminals, Path dir) throws Exception {
    log.accept("TPC-C " + variant + ", pair " + pair + ", " + terminals + " terminal(s)");
    var loadSeconds = new LinkedHashMap<String, Double>();
    var engines = new ArrayList<TpccEngine>();
    try {
      open(variant, pair, dir, engines, loadSeconds);
      var columns = new ArrayList<Column>();
      for (var engine : engines) {
        columns.add(new Column(engine.name(), engine, false));
        if (config.readOnlyRow()) {
          columns.add(new Column(engine.name() + ", reads read-only", engine, true));
        }
      }
      var settings = new Driver.Settings(variant, config.scale(), terminals, false);
      for (var column : columns) {
        Driver.run(column.engine(), withReads(settings, column), config.warmUp(), SEED - 1);
      }
      var runs = new LinkedHashMap<String, List<RunResult>>();
      columns.forEach(c -> runs.put(c.label(), new ArrayList<>()));
      for (int round = 0; round < config.rounds(); round++) {
        for (int i = 0; i < columns.size(); i++) {
          var column = columns.get((i + round) % columns.size());
          var result =
              Driver.run(
                  column.engine(), withReads(settings, column), config.round(), SEED + round);
          result.consistency = Consistency.check(column.engine());
          runs.get(column.label()).add(result);
          log.accept(
              String.format(
                  "  round %d %-40s %,10.0f tpmC, conditions 1-4: %s",
                  round + 1,
                  column.label(),
                  result.tpmC(),
                  result.consistency.violations().isEmpty()
                      ? "hold"
                      : result.consistency.violations()));
        }
      }
      return new Scenario(variant, pair, terminals, loadSeconds, runs);
    } finally {
      for (var engine : engines) {
        engine.close();
      }
    }
  }

  private static Driver.Settings withReads(Driver.Settings settings, Column column) {
    return new Driver.Settings(
        settings.variant(), settings.scale(), settings.terminals(), column.readOnlyReads());
  }

  private void open(
      Variant variant,
      Pair pair,
      Path dir,
      List<TpccEngine> engines,
      Map<String, Double> loadSeconds)
      throws Exception {
    var durability = pair == Pair.NO_SYNC ? Durability.NO_SYNC : Durability.SYNC;
    boolean durable = pair == Pair.DURABLE;
    var ids = config.engines();
    if (ids.contains(EngineId.KITE) || ids.contains(EngineId.KITE_WRITER_THREAD)) {
      var kite = new KiteTpcc(dir.resolve("kitesql"), durability, KiteTpcc.Api.WRITE);
      load(kite, variant, loadSeconds);
      if (ids.contains(EngineId.KITE)) {
        engines.add(kite);
      }
      if (ids.contains(EngineId.KITE_WRITER_THREAD)) {
        engines.add(
            kite.copy(
                dir.resolve("kitesql-writer-thread"), durability, KiteTpcc.Api.WRITER_THREAD));
        if (!ids.contains(EngineId.KITE)) {
          kite.close();
        }
      }
    }
    if (ids.contains(EngineId.SQLITE)) {
      engines.add(
          load(
              new JdbcTpcc(JdbcTpcc.Kind.SQLITE, mkdirs(dir.resolve("sqlite")), durable),
              variant,
              loadSeconds));
    }
    if (ids.contains(EngineId.H2)) {
      engines.add(
          load(
              new JdbcTpcc(JdbcTpcc.Kind.H2, mkdirs(dir.resolve("h2")), durable),
              variant,
              loadSeconds));
    }
  }

  private TpccEngine load(TpccEngine engine, Variant variant, Map<String, Double> loadSeconds)
      throws Exception {
    long start = System.nanoTime();
    Loader.load(engine, variant, config.scale(), SEED);
    double seconds = (System.nanoTime() - start) / 1e9;
    loadSeconds.put(engine.name(), seconds);
    log.accept(String.format("  loaded %s in %.1f s", engine.name(), seconds));
    return engine;
  }

  private static Path mkdirs(Path dir) throws Exception {
    return Files.createDirectories(dir);
  }
}
