package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.KiteSqlException;
import io.kitesql.testing.TempDatabase;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Which plans test a predicate against every row, on the plans the engine compiles. Where an index
 * is suggested, the test creates it and checks that the plan then uses it: the suggestion is proved
 * by the planner, not by this class.
 */
class FullScansTest {
  @TempDatabase Database db;

  @BeforeEach
  void schema() {
    db.execute(
        "create table items (id bigint primary key, code varchar, name varchar, price int, owner_id bigint)");
    db.execute("create index items_code on items (code)");
    db.execute("create index items_owner on items (owner_id)");
    db.execute("create table owners (id bigint primary key, name varchar)");
    db.execute("insert into owners values (1, 'ann')");
    db.execute("insert into items values (1, 'a1', 'pen', 3, 1), (2, 'b2', 'ink', 5, 1)");
  }

  private List<FullScan> scans(String sql) {
    return db.prepare(sql).fullScans();
  }

  private String explain(String sql) {
    var lines = new java.util.ArrayList<String>();
    db.read(
        tx -> {
          try (var cursor = tx.query("explain " + sql)) {
            while (cursor.next()) {
              lines.add(cursor.getText(0).toString());
            }
          }
          return lines;
        });
    return String.join("\n", lines);
  }

  /** The suggested index, after checking that the plan uses it once it exists. */
  private String suggestedAndServing(String sql) {
    var found = scans(sql);
    assertThat(found).as(sql).hasSize(1);
    var ddl = found.getFirst().createIndex().orElseThrow();
    db.execute(ddl);
    assertThat(scans(sql)).as("after " + ddl).isEmpty();
    return ddl;
  }

  @Test
  void statementsThatReadEveryRowByDesignAreNotFullScans() {
    assertThat(scans("select id, code, name, price, owner_id from items")).isEmpty(); // findAll
    assertThat(scans("select count(*) from items")).isEmpty(); // count
    assertThat(scans("select id, name from items order by name limit ? offset ?"))
        .isEmpty(); // a page of all rows
    assertThat(scans("select id, name from items order by id"))
        .isEmpty(); // findAll(Sort) in key order
    assertThat(scans("select id, name from items order by price desc limit 1"))
        .isEmpty(); // findFirstByOrderByPriceDesc
    assertThat(scans("select max(price) from items")).isEmpty();
    assertThat(scans("select owner_id, count(*) from items group by owner_id")).isEmpty();
  }

  @Test
  void predicatesServedByAKeyOrAnIndexAreNotFullScans() {
    assertThat(scans("select name from items where id = ?")).isEmpty();
    assertThat(scans("select name from items where code = ?")).isEmpty();
    assertThat(scans("select name from items where id in (?, ?, ?)")).isEmpty();
    assertThat(scans("select name from items where code in (?, ?)")).isEmpty();
    assertThat(scans("select name from items where code like ? escape '\\'")).isEmpty();
    assertThat(scans("select name from items where code = ? and price > ?"))
        .isEmpty(); // the index narrows it
    assertThat(scans("select name from items where code = ? or id = ?")).isEmpty();
    assertThat(scans("select name from items where code > ? order by code limit 10")).isEmpty();
  }

  @Test
  void theInnerSideOfAnIndexLookupJoinIsNotAFullScan() {
    var sql = "select i.name from owners o join items i on i.owner_id = o.id where o.id = ?";
    var plan = explain(sql);
    assertThat(plan).contains("IndexLookupJoin");
    assertThat(scans(sql)).isEmpty();
  }

  @Test
  void aPredicateOnAnUnindexedColumnNamesTheIndexThatServesIt() {
    assertThat(suggestedAndServing("select id from items where name = ?"))
        .isEqualTo("create index items_name on items (name)");
  }

  @Test
  void equalityColumnsComeFirstThenOneRange() {
    assertThat(suggestedAndServing("select id from items where price > ? and name = ?"))
        .isEqualTo("create index items_name_price on items (name, price)");
  }

  @Test
  void aCountWithAPredicateAndAFirstMatchAreFullScans() {
    assertThat(suggestedAndServing("select count(*) from items where price between ? and ?"))
        .isEqualTo("create index items_price on items (price)");
    assertThat(suggestedAndServing("select id from items where name in (?, ?) limit 1"))
        .isEqualTo("create index items_name on items (name)");
  }

  @Test
  void aWalkInKeyOrderTestingAPredicateIsAFullScan() {
    var sql = "select id from items where name = ? order by code";
    var plan = explain(sql);
    var found = scans(sql);
    assertThat(found).as(plan).hasSize(1);
    assertThat(found.getFirst().predicate()).contains("name");
  }

  @Test
  void aPredicateNoIndexCanServeGetsNoSuggestion() {
    var found = scans("select id from items where lower(name) = lower(?)");
    assertThat(found).hasSize(1);
    assertThat(found.getFirst().createIndex()).isEqualTo(Optional.empty());
    assertThat(found.getFirst().advice())
        .startsWith("no index can serve this predicate as written");
  }

  @Test
  void aCorrelatedSubqueryIsChecked() {
    var sql = "select id from owners o where exists (select 1 from items i where i.name = o.name)";
    var found = scans(sql);
    assertThat(found).extracting(FullScan::table).contains("items");
    assertThat(found)
        .filteredOn(s -> s.table().equals("items"))
        .first()
        .satisfies(
            s -> assertThat(s.createIndex()).contains("create index items_name on items (name)"));
  }

  @Test
  void statementsThatAreNoQueriesHaveNone() {
    assertThat(scans("insert into owners values (?, ?)")).isEmpty();
    assertThatThrownBy(() -> scans("select nothing from nowhere"))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("nowhere");
  }
}
