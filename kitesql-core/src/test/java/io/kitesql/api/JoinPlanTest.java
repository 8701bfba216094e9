package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.storage.StorageOptions;
import io.kitesql.storage.MappedRegions;
import io.kitesql.value.Text;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Join strategies and order as EXPLAIN shows them, executor reuse of hash tables, and borrowed text through joins. */
class JoinPlanTest {
  @TempDir Path dir;
  Database db;

  @BeforeEach
  void setUp() {
    db = KiteSql.open(dir, StorageOptions.defaults().withMapSize(64L << 20));
    db.execute("create table customers (id int primary key, name varchar, region int)");
    db.execute("create table orders (id int primary key, customer_id int, note varchar)");
    db.execute("create table regions (code int, label varchar)");
    db.execute("create index orders_customer on orders (customer_id)");
    db.write(tx -> {
      for (int i = 1; i <= 50; i++) {
        tx.execute("insert into customers values (?, ?, ?)", i, "c" + i, i % 5);
        tx.execute("insert into orders values (?, ?, ?)", 100 + i, i % 10 + 1, "note " + i);
      }
      for (int r = 0; r < 5; r++) {
        tx.execute("insert into regions values (?, ?)", r, "r" + r);
      }
      return null;
    });
  }

  @AfterEach
  void tearDown() {
    db.close();
  }

  String explain(String sql) {
    List<String> lines = db.read(tx -> PreparedStatementReuseTest.strings(tx.query("explain " + sql)));
    return String.join("\n", lines);
  }

  @Test
  void foreignKeyToPrimaryKeyIsAnIndexLookupJoin() {
    assertThat(explain("select c.name from orders o join customers c on c.id = o.customer_id"))
        .contains("IndexLookupJoin INNER using primary key");
  }

  @Test
  void joinWithoutAnIndexOnTheRightIsAHashJoin() {
    assertThat(explain("select c.name, r.label from customers c join regions r on r.code = c.region"))
        .contains("HashJoin INNER keys=[region] = [code]");
  }

  @Test
  void theSelectiveTableDrivesTheJoinWhateverTheWrittenOrder() {
    // written: orders first; customer 3's row is a point lookup, so customers drives and orders is looked up by index
    var plan = explain("select o.note from orders o join customers c on o.customer_id = c.id where c.id = 3");
    assertThat(plan).contains("IndexLookupJoin INNER using orders_customer").contains("PrimaryKeyLookup customers");
    List<String> notes = db.read(tx -> PreparedStatementReuseTest.strings(tx.query("select o.note from orders o join customers c on o.customer_id = c.id where c.id = 3 order by o.id")));
    // orders with i % 10 + 1 = 3: i = 2, 12, 22, 32, 42
    assertThat(notes).containsExactly("note 2", "note 12", "note 22", "note 32", "note 42");
  }

  @Test
  void aPreparedHashJoinNeverAnswersFromAnEarlierTransaction() {
    var q = db.prepare("select r.label from customers c join regions r on r.code = c.region where c.id = ?");
    List<String> before = db.read(tx -> PreparedStatementReuseTest.strings(tx.query(q, 7)));
    assertThat(before).containsExactly("r2");
    db.execute("update regions set label = 'renamed' where code = 2");
    List<String> after = db.read(tx -> PreparedStatementReuseTest.strings(tx.query(q, 7)));
    assertThat(after).containsExactly("renamed");
  }

  @Test
  void textThroughJoinsIsBorrowedFromTheMap() {
    var map = MappedRegions.of(db.dataFile());
    for (var sql : List.of(
        "select c.name, o.note from orders o join customers c on c.id = o.customer_id",
        "select c.name, r.label from customers c join regions r on r.code = c.region",
        "select c.name, o.note from customers c left join orders o on o.customer_id = c.id and o.id < 0")) {
      try (var tx = db.beginRead(); var rows = tx.query(sql)) {
        int count = 0;
        while (rows.next()) {
          for (int i = 0; i < 2; i++) {
            if (rows.get(i) instanceof Text t) {
              assertThat(map.contains(t.asReadOnlySegment().address(), t.utf8Length())).as(sql).isTrue();
              count++;
            }
          }
        }
        assertThat(count).as(sql).isPositive();
      }
    }
  }
}
