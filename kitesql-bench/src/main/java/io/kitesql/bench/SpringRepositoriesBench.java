package io.kitesql.bench;

import io.kitesql.api.KiteSql;
import io.kitesql.bench.springdata.ItemContexts;
import io.kitesql.bench.springdata.ItemRepositoryEngine;
import io.kitesql.options.Durability;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Table 7 through repositories: the shapes a derived query method (or an inherited CRUD or paging
 * method) expresses, as calls of one {@code ItemRepository} on KiteSQL's repositories and on Spring
 * Data JDBC + H2, each call inside one read-only transaction per round, measured in interleaved
 * rounds like the SQL rows. Each cell gets Table 5's warm-up (Spring's stacks are deep). Spring
 * Data JDBC has no SQLite dialect (see Table 5), so SQLite has no repository column.
 */
final class SpringRepositoriesBench {
  static final String KITE = RepositoryBench.REPOSITORY;
  static final String JDBC_H2 = RepositoryBench.JDBC_H2;

  /** The repository rows' engines, in column order. */
  static final List<String> ENGINES = List.of(KITE, JDBC_H2);

  private final BenchConfig config;
  private final Results results;
  private final Consumer<String> log;

  SpringRepositoriesBench(BenchConfig config, Results results, Consumer<String> log) {
    this.config = config.withWarmupMillis(config.repositoryWarmupMillis());
    this.results = results;
    this.log = log;
  }

  /**
   * Measures every shape a method expresses on the loaded databases of {@code stores} (no other
   * engine open on them).
   */
  void run(Stores stores, int rows) {
    var engines = new ArrayList<ItemRepositoryEngine>();
    var failed = new ArrayList<Results.Outcome>();
    for (var name : ENGINES) {
      try {
        engines.add(open(name, stores));
        failed.add(null);
      } catch (RuntimeException e) {
        engines.add(null);
        failed.add(new Results.Unsupported(Measure.reason(e)));
      }
    }
    try {
      for (var shape : SpringQueries.shapes()) {
        if (ItemRepositoryEngine.METHODS.containsKey(shape.name())) {
          measure(engines, failed, shape, rows);
        }
      }
    } finally {
      engines.stream().filter(e -> e != null).forEach(ItemRepositoryEngine::close);
    }
  }

  private static ItemRepositoryEngine open(String name, Stores stores) {
    return new ItemRepositoryEngine(
        name,
        name.equals(KITE)
            ? ItemContexts.kiteSql(
                () -> KiteSql.open(stores.kiteDir(), KiteEngine.options(Durability.NO_SYNC)))
            : ItemContexts.jdbc(
                () -> {
                  try {
                    return SpringQueriesBench.h2Connection(stores);
                  } catch (Exception e) {
                    throw new IllegalStateException(e);
                  }
                }));
  }

  private void measure(
      List<ItemRepositoryEngine> engines,
      List<Results.Outcome> failed,
      SpringQueries.Shape shape,
      int rows) {
    var running = new ArrayList<Engine>();
    var queries = new ArrayList<Engine.Query[]>();
    var skipped = new ArrayList<Results.Outcome>();
    for (int e = 0; e < engines.size(); e++) {
      var engine = engines.get(e);
      var tooSlow = SpringQueriesBench.tooSlow(results, shape.name(), ENGINES.get(e), rows);
      skipped.add(
          engine == null
              ? failed.get(e)
              : tooSlow.<Results.Outcome>map(Results.Unsupported::new).orElse(null));
      if (skipped.get(e) == null) {
        running.add(engine);
        queries.add(engine.queries(shape.name()).orElseThrow());
      }
    }
    var parameters = shape.parameterSets(rows);
    Optional<String> difference;
    try {
      difference = SpringQueriesBench.difference(running, queries, shape, parameters[0]);
    } catch (Exception | AssertionError e) {
      difference = Optional.of(shape.name() + ": " + Measure.reason(e));
    }
    Results.Outcome[] measured;
    if (difference.isPresent()) {
      log.accept("table 7, repositories: " + difference.get());
      measured = new Results.Outcome[running.size()];
      Arrays.fill(measured, new Results.Unsupported(SpringQueriesBench.notTimed(difference.get())));
    } else {
      measured = new SpringQueriesBench.Rounds(config, running, queries, shape, parameters).run();
    }
    for (int e = 0, m = 0; e < engines.size(); e++) {
      var outcome = skipped.get(e) != null ? skipped.get(e) : measured[m++];
      results.springQueries.add(
          new Results.SpringQuery(shape.name(), rows, ENGINES.get(e), outcome));
      log.accept(
          String.format(
              "  table 7 | %,d rows | %s | %s: %s",
              rows,
              ENGINES.get(e),
              ItemRepositoryEngine.METHODS.get(shape.name()),
              Report.cell(outcome)));
    }
  }
}
