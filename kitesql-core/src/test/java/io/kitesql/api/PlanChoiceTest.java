package io.kitesql.api;

import static io.kitesql.testing.QueryRows.column;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.testing.TempDatabase;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What EXPLAIN shows for the optimizer's choices, and the API's error cases. */
class PlanChoiceTest {
  @TempDatabase Database db;

  @BeforeEach
  void setUp() {
    db.execute(
        "create table orders (id int primary key, customer_id int, status varchar, amount int, note varchar)");
    db.execute("create index orders_cs on orders (customer_id, status)");
    db.execute(
        "insert into orders values (1, 7, 'open', 10, 'n1'), (2, 7, 'done', 20, 'n2'), (3, 8, 'open', 30, 'n3')");
  }

  String explain(String sql) {
    List<String> lines = db.read(tx -> column(tx.query("explain " + sql)));
    return String.join("\n", lines);
  }

  @Test
  void primaryKeyEqualityIsAPointLookup() {
    assertThat(explain("select note from orders where id = ?"))
        .contains("PrimaryKeyLookup orders = (?1)");
  }

  @Test
  void conjunctsTheRangeEnforcesLeaveTheFilter() {
    // Equalities on the key prefix: no filter left, and customer_id is not even decoded.
    assertThat(explain("select note from orders where customer_id = ? and status = ?"))
        .doesNotContain("Filter")
        .contains("columns=[note]");
    // A conjunct the range does not cover stays.
    assertThat(
            explain("select note from orders where customer_id = ? and status = ? and amount > ?"))
        .contains("Filter amount > ?3")
        .doesNotContain("customer_id = ?1)");
    // Bounds are exact; an upper bound alone starts the range after the NULL keys.
    assertThat(explain("select note from orders where id > ?")).doesNotContain("Filter");
    assertThat(explain("select note from orders where id > ? and id < ?")).doesNotContain("Filter");
    assertThat(explain("select note from orders where customer_id < ?"))
        .doesNotContain("Filter")
        .contains("using orders_cs > (NULL) < (?1)");
    // INT column, DOUBLE value: not key-compatible, so no range takes it and the filter stays.
    assertThat(explain("select note from orders where id > 1.5")).contains("Filter");
  }

  @Test
  void upperBoundAloneStillRejectsNullKeys() {
    db.execute("insert into orders values (4, null, 'open', 40, 'n4'), (5, 6, null, 50, 'n5')");
    List<String> below =
        db.read(
            tx -> column(tx.query("select id from orders where customer_id < ? order by id", 8)));
    assertThat(below).containsExactly("1", "2", "5"); // not 4, whose customer_id is NULL
    List<String> prefix =
        db.read(
            tx ->
                column(
                    tx.query(
                        "select id from orders where customer_id = ? and status <= ? order by id",
                        6,
                        "zzz")));
    assertThat(prefix).isEmpty(); // row 5's status is NULL
    List<String> between =
        db.read(
            tx ->
                column(
                    tx.query(
                        "select id from orders where customer_id between ? and ? order by id",
                        0,
                        7)));
    assertThat(between).containsExactly("1", "2", "5");
  }

  @Test
  void primaryKeyRange() {
    assertThat(explain("select note from orders where id > 1 and id <= 3"))
        .contains("PrimaryKeyRangeScan orders > (1) <= (3)");
  }

  @Test
  void indexPrefixEqualityAndCoveredRead() {
    assertThat(explain("select id from orders where customer_id = 7 and status = 'open'"))
        .contains("IndexRangeScan orders using orders_cs = (7, 'open') covered");
    assertThat(explain("select note from orders where customer_id = 7"))
        .contains("IndexRangeScan orders using orders_cs")
        .doesNotContain("covered");
    List<String> ids =
        db.read(
            tx ->
                column(
                    tx.query("select id from orders where customer_id = 7 and status = 'open'")));
    assertThat(ids).containsExactly("1");
  }

  @Test
  void filterOnADerivedTableReachesTheIndexAndOnlyReadColumnsAreDecoded() {
    var plan =
        explain("select n from (select note as n, customer_id as c from orders) t where c = 8");
    assertThat(plan)
        .contains("IndexRangeScan orders using orders_cs")
        .contains("columns=[customer_id, note]");
    List<String> notes =
        db.read(
            tx ->
                column(
                    tx.query(
                        "select n from (select note as n, customer_id as c from orders) t where c = 8")));
    assertThat(notes).containsExactly("n3");
  }

  @Test
  void orderByWithLimitIsTopN() {
    assertThat(explain("select id from orders order by amount desc limit 2"))
        .contains("TopN")
        .doesNotContain("Sort ");
  }

  @Test
  void incompatibleComparisonsDoNotUseTheIndex() {
    // 7.5 must not become 8 in an integer key: the scan stays full and the filter decides
    assertThat(explain("select id from orders where customer_id > 7.5"))
        .contains("TableScan orders");
    List<String> ids =
        db.read(tx -> column(tx.query("select id from orders where customer_id > 7.5")));
    assertThat(ids).containsExactly("3");
  }

  @Test
  void parametersPositionalNumberedAndNamed() {
    var byName = db.prepare("select id from orders where customer_id = :c and status = :s");
    List<String> ids = db.read(tx -> column(tx.query(byName, Map.of("c", 7, "s", "done"))));
    assertThat(ids).containsExactly("2");
    var numbered = db.prepare("select id from orders where status = $2 and customer_id = $1");
    List<String> ids2 = db.read(tx -> column(tx.query(numbered, 8, "open")));
    assertThat(ids2).containsExactly("3");
    assertThat(numbered.parameterCount()).isEqualTo(2);
    assertThatThrownBy(() -> db.read(tx -> tx.query(numbered, 8)))
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode())
                    .isEqualTo(ErrorCode.PARAMETER_MISMATCH));
  }

  @Test
  void wrongStatementKindsAndUseAfterEnd() {
    assertThatThrownBy(() -> db.read(tx -> tx.query("delete from orders")))
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode())
                    .isEqualTo(ErrorCode.WRONG_STATEMENT_KIND));
    assertThatThrownBy(() -> db.execute("select * from orders"))
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode())
                    .isEqualTo(ErrorCode.WRONG_STATEMENT_KIND));
    var tx = db.beginRead();
    var rows = tx.query("select note from orders order by id");
    rows.next();
    var note = rows.getText(0);
    tx.close();
    assertThatThrownBy(note::toString).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(rows::next).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> tx.query("select 1")).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void unsupportedSqlIsRejectedByName() {
    for (var sql : List.of("select id, row_number() filter (where id > 1) over () from orders")) {
      assertThatThrownBy(() -> db.prepare(sql))
          .as(sql)
          .isInstanceOf(KiteSqlException.class)
          .satisfies(
              e ->
                  assertThat(((KiteSqlException) e).errorCode())
                      .isEqualTo(ErrorCode.UNSUPPORTED_FEATURE));
    }
  }
}
