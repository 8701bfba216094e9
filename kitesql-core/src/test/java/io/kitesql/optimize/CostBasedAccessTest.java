package io.kitesql.optimize;

import static io.kitesql.testing.QueryRows.column;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Access paths chosen by estimated cost once ANALYZE measured the table ({@link RowEstimates}):
 * each plan asserted by EXPLAIN on a measured table and, where it differs, on an unmeasured copy
 * (the fixed preference); each result compared with the rows computed from the inserted values.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CostBasedAccessTest {
  static final int ROWS = 5_000;
  static final int CATEGORIES = 5;
  static final int SCORES = ROWS / 4;

  Database db;
  final List<Item> items = new ArrayList<>();

  record Item(int id, int category, int score, int flag) {}

  @BeforeAll
  void load(@TempDir Path dir) {
    db = KiteSql.open(dir, StorageOptions.defaults().withMapSize(256L << 20));
    for (int id = 1; id <= ROWS; id++) {
      items.add(new Item(id, (id * 31) % CATEGORIES, (int) ((id * 7919L) % SCORES), id % 2));
    }
    // The same rows twice: "items" measured by ANALYZE, "unmeasured" not.
    for (var table : List.of("items", "unmeasured")) {
      // items_flag declared first: the fixed preference takes it on a tie of equalities.
      db.execute(
          "create table " + table + " (id int primary key, flag int, category int, score int)");
      db.execute("create index " + table + "_flag on " + table + " (flag)");
      db.execute("create index " + table + "_category on " + table + " (category)");
      db.execute("create index " + table + "_score on " + table + " (score)");
      db.write(
          tx -> {
            for (var i : items) {
              tx.execute(
                  "insert into " + table + " values (?, ?, ?, ?)",
                  i.id(),
                  i.flag(),
                  i.category(),
                  i.score());
            }
            return null;
          });
    }
    db.execute("analyze items");
  }

  @AfterAll
  void close() {
    db.close();
  }

  @Test
  void aWalkInTheWantedOrderBeatsANarrowerRangeThatMustBeSorted() {
    String sql = "select id from items where category = ? and score > ? order by score, id limit 5";
    assertThat(explain(sql.replace("items", "unmeasured")))
        .contains("using unmeasured_category")
        .contains("TopN");
    var plan = explain(sql);
    assertThat(plan).contains("using items_score").doesNotContain("TopN").doesNotContain("Sort");
    for (int category : List.of(0, 2, 4)) {
      int above = SCORES - 65;
      assertThat(column(db, sql, category, above))
          .isEqualTo(ids(i -> i.category() == category && i.score() > above, 5));
    }
  }

  @Test
  void withoutALimitTheNarrowerRangeStays() {
    assertThat(explain("select id from items where category = ? and score > ? order by score, id"))
        .contains("using items_category");
  }

  @Test
  void anIndexWalkedWholeForItsOrderAlone() {
    String sql = "select id from items where category = ? order by score, id limit 3";
    assertThat(explain(sql)).contains("using items_score").doesNotContain("TopN");
    assertThat(column(db, sql, 3)).isEqualTo(ids(i -> i.category() == 3, 3));
  }

  @Test
  void theEqualityThatKeepsFewerRowsWins() {
    String sql = "select id from items where flag = ? and category = ?";
    // the first of two single equalities
    assertThat(explain(sql.replace("items", "unmeasured"))).contains("using unmeasured_flag");
    assertThat(explain(sql)).contains("using items_category"); // 1 in 5 rows, not 1 in 2
    assertThat(column(db, sql, 1, 3))
        .containsExactlyInAnyOrderElementsOf(ids(i -> i.flag() == 1 && i.category() == 3, ROWS));
  }

  @Test
  void explainShowsTheEstimatesOfMeasuredTables() {
    var lines = column(db, "explain select id from items where category = ? and flag = 1 limit 20");
    assertThat(lines)
        .anyMatch(
            l ->
                l.contains("using items_category")
                    && l.endsWith("(estimated rows=" + ROWS / CATEGORIES + ")"))
        .anyMatch(
            l ->
                l.strip().startsWith("Filter")
                    && l.endsWith("(estimated rows=" + ROWS / CATEGORIES / 2 + ")"))
        .anyMatch(l -> l.startsWith("Limit") && l.endsWith("(estimated rows=20)"));
    assertThat(column(db, "explain select count(*) from items where score > 3"))
        .anyMatch(
            l ->
                l.contains("items_score")
                    && l.endsWith("(estimated rows=" + ROWS / 4 + ")")); // a bound: a quarter
    assertThat(column(db, "explain select id from unmeasured where category = ?"))
        .noneMatch(l -> l.contains("estimated"));
    assertThat(column(db, "explain analyze select id from items where category = 1"))
        .anyMatch(
            l ->
                l.contains(
                    "(estimated rows="
                        + ROWS / CATEGORIES
                        + ") (actual rows="
                        + ROWS / CATEGORIES
                        + " "));
  }

  private String explain(String sql) {
    return String.join("\n", column(db, "explain " + sql));
  }

  private List<String> ids(Predicate<Item> where, int limit) {
    return items.stream()
        .filter(where)
        .sorted(Comparator.comparingInt(Item::score).thenComparingInt(Item::id))
        .limit(limit)
        .map(i -> String.valueOf(i.id()))
        .toList();
  }
}
