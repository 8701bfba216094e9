package io.kitesql.api;

import static io.kitesql.testing.QueryRows.column;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.storage.MappedRegions;
import io.kitesql.testing.TempDatabase;
import io.kitesql.value.Text;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Join strategies and order as EXPLAIN shows them, executor reuse of hash tables, and borrowed text
 * through joins.
 */
class JoinPlanTest {
  @TempDatabase Database db;

  @BeforeEach
  void setUp() {
    db.execute("create table customers (id int primary key, name varchar, region int)");
    db.execute("create table orders (id int primary key, customer_id int, note varchar)");
    db.execute("create table regions (code int, label varchar)");
    db.execute("create index orders_customer on orders (customer_id)");
    db.write(
        tx -> {
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

  String explain(String sql) {
    List<String> lines = db.read(tx -> column(tx.query("explain " + sql)));
    return String.join("\n", lines);
  }

  @Test
  void foreignKeyToPrimaryKeyIsAnIndexLookupJoin() {
    assertThat(explain("select c.name from orders o join customers c on c.id = o.customer_id"))
        .contains("IndexLookupJoin INNER using primary key");
  }

  @Test
  void anEqualityOnTheRightKeysFirstColumnLeadsEachLookup() {
    // TPC-C's Stock-Level: stock's key is (s_w_id, s_i_id); s_w_id = ? is a range of it, the join
    // equates s_i_id.
    db.execute(
        "create table stock (s_w_id int, s_i_id int, s_quantity int, primary key (s_w_id, s_i_id))");
    db.execute(
        "create table order_line (ol_w_id int, ol_o_id int, ol_number int, ol_i_id int,"
            + " primary key (ol_w_id, ol_o_id, ol_number))");
    db.write(
        tx -> {
          for (int w = 1; w <= 3; w++) {
            for (int i = 1; i <= 40; i++) {
              tx.execute("insert into stock values (?, ?, ?)", w, i, (w * 7 + i * 3) % 20);
            }
            for (int o = 1; o <= 10; o++) {
              for (int n = 1; n <= 3; n++) {
                tx.execute("insert into order_line values (?, ?, ?, ?)", w, o, n, item(w, o, n));
              }
            }
          }
          return null;
        });
    String sql =
        "select count(distinct s_i_id) from order_line join stock on s_i_id = ol_i_id"
            + " where ol_w_id = ? and ol_o_id >= ? and s_w_id = ? and s_quantity < ?";
    assertThat(explain(sql))
        .contains("IndexLookupJoin INNER using primary key (?3, ol_i_id)")
        .doesNotContain("HashJoin");
    // warehouse 2's order lines of orders 4..10, their items' stock in warehouse 2 below 10
    long expected =
        java.util.stream.IntStream.rangeClosed(4, 10)
            .boxed()
            .flatMap(o -> java.util.stream.IntStream.rangeClosed(1, 3).mapToObj(n -> item(2, o, n)))
            .filter(i -> i <= 40 && (2 * 7 + i * 3) % 20 < 10)
            .distinct()
            .count();
    long actual =
        db.read(
            tx -> {
              try (var rows = tx.query(sql, 2, 4, 2, 10)) {
                rows.next();
                return rows.getLong(0);
              }
            });
    assertThat(actual).isEqualTo(expected);
  }

  /** The item of an order line: 1..45, so some have no stock row. */
  private static int item(int w, int o, int n) {
    return (w * 13 + o * 7 + n * 5) % 45 + 1;
  }

  @Test
  void joinWithoutAnIndexOnTheRightIsAHashJoin() {
    assertThat(
            explain("select c.name, r.label from customers c join regions r on r.code = c.region"))
        .contains("HashJoin INNER keys=[region] = [code]");
  }

  @Test
  void theSelectiveTableDrivesTheJoinWhateverTheWrittenOrder() {
    // written: orders first; customer 3's row is a point lookup, so customers drives and orders is
    // looked up by index
    var plan =
        explain(
            "select o.note from orders o join customers c on o.customer_id = c.id where c.id = 3");
    assertThat(plan)
        .contains("IndexLookupJoin INNER using orders_customer")
        .contains("PrimaryKeyLookup customers");
    List<String> notes =
        db.read(
            tx ->
                column(
                    tx.query(
                        "select o.note from orders o join customers c on o.customer_id = c.id where c.id = 3 order by o.id")));
    // orders with i % 10 + 1 = 3: i = 2, 12, 22, 32, 42
    assertThat(notes).containsExactly("note 2", "note 12", "note 22", "note 32", "note 42");
  }

  @Test
  void aPreparedHashJoinNeverAnswersFromAnEarlierTransaction() {
    var q =
        db.prepare(
            "select r.label from customers c join regions r on r.code = c.region where c.id = ?");
    List<String> before = db.read(tx -> column(tx.query(q, 7)));
    assertThat(before).containsExactly("r2");
    db.execute("update regions set label = 'renamed' where code = 2");
    List<String> after = db.read(tx -> column(tx.query(q, 7)));
    assertThat(after).containsExactly("renamed");
  }

  @Test
  void textThroughJoinsIsBorrowedFromTheMap() {
    var map = MappedRegions.of(db.dataFile());
    for (var sql :
        List.of(
            "select c.name, o.note from orders o join customers c on c.id = o.customer_id",
            "select c.name, r.label from customers c join regions r on r.code = c.region",
            "select c.name, o.note from customers c left join orders o on o.customer_id = c.id and o.id < 0")) {
      try (var tx = db.beginRead();
          var rows = tx.query(sql)) {
        int count = 0;
        while (rows.next()) {
          for (int i = 0; i < 2; i++) {
            if (rows.get(i) instanceof Text t) {
              assertThat(map.contains(t.asReadOnlySegment().address(), t.utf8Length()))
                  .as(sql)
                  .isTrue();
              count++;
            }
          }
        }
        assertThat(count).as(sql).isPositive();
      }
    }
  }
}
