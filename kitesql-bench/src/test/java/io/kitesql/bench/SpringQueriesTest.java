package io.kitesql.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Table 7 on tiny tables: KiteSQL, H2 and SQLite return the same rows for every shape and every
 * parameter set, a few shapes also equal what the generated data says they must return, and the
 * harness produces every cell (the repository rows too, whose rows it compares between KiteSQL's
 * repositories and Spring Data JDBC's before timing them) and its report section.
 */
class SpringQueriesTest {
  private static final int ROWS = 600;

  @Test
  void everyEngineReturnsTheSameRowsForEveryShape(@TempDir Path dir) throws Exception {
    var stores = new Stores(dir);
    stores.loadAll(
        SpringQueries.DDL,
        List.of(
            new Stores.TableLoad(SpringQueries.INSERT, ROWS, i -> SpringQueries.row(i, ROWS), 100)),
        250);
    try (var opened = SpringQueriesBench.Opened.open(stores)) {
      var engines = opened.all();
      for (var shape : SpringQueries.shapes()) {
        var queries = new ArrayList<Engine.Query[]>();
        for (var engine : engines) {
          queries.add(SpringQueriesBench.prepare(engine, shape));
        }
        for (var parameters : shape.parameterSets(ROWS)) {
          var difference = SpringQueriesBench.difference(engines, queries, shape, parameters);
          assertTrue(difference.isEmpty(), difference::toString);
        }
      }
      checkAgainstTheData(opened.kite());

      // the comparison sees a difference: H2 given the ascending order instead of the descending
      // one
      var top = shape("order by id desc limit 10");
      var ascending =
          new Engine.Query[] {
            opened.h2().prepare(top.statements().getFirst().sql().replace("id desc", "id"))
          };
      var kite = SpringQueriesBench.prepare(opened.kite(), top);
      assertTrue(
          SpringQueriesBench.difference(
                  List.of(opened.kite(), opened.h2()),
                  List.of(kite, ascending),
                  top,
                  new Object[][] {{}})
              .isPresent());
    }
  }

  /** Shapes whose answer follows from {@link SpringQueries#row} without any engine. */
  private static void checkAgainstTheData(Engine kite) throws Exception {
    var items = IntStream.range(0, ROWS).mapToObj(i -> SpringQueries.row(i, ROWS)).toList();
    var byId = shape("id = ?");
    var row = only(rows(kite, byId, new Object[][] {{42}}));
    assertEquals(
        List.of(
            42L,
            (long) SpringQueries.category(42),
            SpringQueries.name(42),
            (long) SpringQueries.score(42, ROWS),
            ((Number) items.get(41)[4]).longValue(),
            items.get(41)[5]),
        row);

    var top = rows(kite, shape("order by id desc limit 10"), new Object[][] {{}}).getFirst();
    assertEquals(
        IntStream.range(0, 10).mapToObj(i -> (long) (ROWS - i)).toList(),
        top.stream().map(r -> r.getFirst()).toList());

    var page = rows(kite, shape("page + count(*)"), new Object[][] {{}, {}});
    var expectedPage =
        items.stream()
            .sorted(
                Comparator.<Object[]>comparingInt(r -> (Integer) r[3])
                    .thenComparingInt(r -> (Integer) r[0]))
            .skip(100)
            .limit(10)
            .map(r -> (long) (Integer) r[0])
            .toList();
    assertEquals(expectedPage, page.get(0).stream().map(r -> r.getFirst()).toList());
    assertEquals(List.of(List.<Object>of((long) ROWS)), page.get(1));

    long category7 = items.stream().filter(r -> (Integer) r[1] == 7).count();
    assertTrue(category7 > 0);
    assertEquals(
        List.of(List.<Object>of(category7)),
        rows(kite, shape("count(*) where category = ?"), new Object[][] {{7}}).getFirst());
    int maxScore = items.stream().mapToInt(r -> (Integer) r[3]).max().orElseThrow();
    assertEquals(
        List.of(List.<Object>of((long) maxScore)),
        rows(kite, shape("max(score)"), new Object[][] {{}}).getFirst());
  }

  @Test
  void harnessMeasuresEveryCellAndReportsTheTargets(@TempDir Path work) throws Exception {
    var config = BenchConfig.smoke();
    var results = new Results();
    var sizes = List.of(200, 800);
    var differences = new ArrayList<String>(); // the bench logs the rows of engines that disagree
    new SpringQueriesBench(
            config,
            sizes,
            true,
            work,
            results,
            line -> {
              if (line.startsWith("table 7: ") && !line.contains(" loaded ")
                  || line.startsWith("table 7, ")) {
                differences.add(line);
              }
            })
        .run();
    int repositoryShapes = io.kitesql.bench.springdata.ItemRepositoryEngine.METHODS.size();
    assertEquals(
        SpringQueries.shapes().size() * sizes.size() * SpringQueriesBench.ENGINES.size()
            + repositoryShapes * sizes.size() * SpringRepositoriesBench.ENGINES.size(),
        results.springQueries.size());
    for (var cell : results.springQueries) {
      var measured =
          assertInstanceOf(Results.Measured.class, cell.outcome(), () -> cell + "\n" + differences);
      assertTrue(
          measured.executions() >= 2 * config.rounds() && measured.p50Micros() > 0, cell::toString);
    }
    assertEquals(sizes, List.copyOf(results.springQueryPlans.keySet()));
    assertTrue(results.springQueryPlans.get(200).contains("select max(score) from items"));
    var section = new SpringQueriesReport(results).section();
    assertTrue(
        section.contains("## Table 7") && section.contains("### Table 7 through repositories"),
        section);
    var targets = new SpringQueriesReport(results).targets();
    assertEquals(4, targets.lines().size(), targets::toString);
    assertTrue(
        targets.render(1).startsWith("### Targets (Table 7), computed from this run"),
        targets::toString);
    assertTrue(
        section.contains(
            "(findAllById): `select id, category, name, score, created, description from items where id in ("),
        section);
  }

  private static SpringQueries.Shape shape(String name) {
    return SpringQueries.shapes().stream()
        .filter(s -> s.name().equals(name))
        .findFirst()
        .orElseThrow();
  }

  private static List<List<List<Object>>> rows(
      Engine engine, SpringQueries.Shape shape, Object[][] parameters) throws Exception {
    var queries = SpringQueriesBench.prepare(engine, shape);
    return engine.inTransaction(() -> SpringQueries.rows(shape, queries, parameters));
  }

  private static List<Object> only(List<List<List<Object>>> rows) {
    assertEquals(1, rows.size());
    assertEquals(1, rows.getFirst().size(), rows::toString);
    return rows.getFirst().getFirst();
  }
}
