package io.kitesql.api;

import static io.kitesql.testing.QueryRows.column;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.storage.MappedRegions;
import io.kitesql.testing.Allocations;
import io.kitesql.testing.TempDatabase;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Window functions through the SQL API: the article's Table 3 query, its plan, its zero-copy
 * behaviour (notes stay views of the LMDB map through aggregation, window and sort), and that a
 * reused window operator forgets its partitions between executions.
 */
class WindowQueryTest {
  static final String TABLE_3 =
      """
      select status, note, peak, max(peak) over (partition by status)
      from (select status, note, max(amount) as peak from orders
            where customer_id = $1 and status = $2 and amount > $3
            group by status, note) t
      order by note desc""";

  @TempDatabase(mapSize = 1L << 30)
  Database db;

  /**
   * Orders of customer 1 with status 'open' above amount 10: notes a (max 20), b (30), c (50), d
   * (12).
   */
  static void orders(Database db, int noteBytes) {
    db.execute(
        "create table orders (id int primary key, customer_id int, status varchar, amount int, note varchar)");
    db.execute("create index orders_customer_status on orders (customer_id, status)");
    var insert = db.prepare("insert into orders values (?, ?, ?, ?, ?)");
    Object[][] rows = {
      {1, 1, "open", 5, "a"},
      {2, 1, "open", 20, "a"},
      {3, 1, "open", 30, "b"},
      {4, 1, "open", 15, "b"},
      {5, 1, "open", 50, "c"},
      {6, 1, "done", 99, "a"},
      {7, 2, "open", 70, "a"},
      {8, 1, "open", 12, "d"},
      {9, 1, "open", 10, "e"}
    };
    db.write(
        tx -> {
          for (var r : rows) {
            tx.execute(insert, r[0], r[1], r[2], r[3], note((String) r[4], noteBytes));
          }
          return null;
        });
  }

  /**
   * {@code letter} padded to {@code bytes} (at least the letter itself), so notes keep their order.
   */
  static String note(String letter, int bytes) {
    return letter + "-".repeat(Math.max(0, bytes - 1));
  }

  static List<String> rows(RowCursor cursor) {
    var out = new ArrayList<String>();
    try (cursor) {
      while (cursor.next()) {
        var sb = new StringBuilder();
        for (int i = 0; i < cursor.columns().size(); i++) {
          var v = cursor.get(i);
          sb.append(i == 0 ? "" : "|")
              .append(v instanceof Text t ? t.toString().replaceAll("-+$", "") : v);
        }
        out.add(sb.toString());
      }
    }
    return out;
  }

  static List<String> query(Database db, PreparedStatement statement, Object... parameters) {
    try (var tx = db.beginRead()) {
      return rows(tx.query(statement, parameters));
    }
  }

  @Test
  void table3QueryGivesEachNotesPeakAndTheStatusPeak() {
    orders(db, 1);
    var statement = db.prepare(TABLE_3);
    // 'e' has only amount 10 (not > 10); id 1 (amount 5) does not raise a's peak of 20
    assertThat(query(db, statement, 1, "open", 10))
        .containsExactly("open|d|12|50", "open|c|50|50", "open|b|30|50", "open|a|20|50");
    assertThat(query(db, statement, 1, "done", 0)).containsExactly("done|a|99|99");
    assertThat(query(db, statement, 3, "open", 0)).isEmpty();
  }

  @Test
  void explainShowsTheWindowAboveTheAggregateAndTheIndexLookup() {
    orders(db, 1);
    var plan = db.read(tx -> column(tx.query("explain " + TABLE_3, 1, "open", 10)));
    var text = String.join("\n", plan);
    assertThat(text).contains("Window MAX(peak) OVER (PARTITION BY status)");
    assertThat(text).contains("IndexRangeScan orders using orders_customer_status = (?1, ?2)");
    assertThat(text.indexOf("Window")).isLessThan(text.indexOf("HashAggregate"));
  }

  @Test
  void table3NotesAreViewsOfTheMap() {
    orders(db, 256 * 1024);
    var map = MappedRegions.of(db.dataFile());
    var statement = db.prepare(TABLE_3);
    try (var tx = db.beginRead();
        var rows = tx.query(statement, 1, "open", 10)) {
      int n = 0;
      while (rows.next()) {
        var note = (Text) rows.get(1);
        assertThat(note.isBorrowed()).isTrue();
        assertThat(map.contains(note.asReadOnlySegment().address(), note.utf8Length()))
            .as("note lies in the LMDB map")
            .isTrue();
        assertThat(note.utf8Length()).isEqualTo(256 * 1024);
        n++;
      }
      assertThat(n).isEqualTo(4);
    }
  }

  @Test
  void windowValuesOfTextAreViewsOfTheMapToo() {
    orders(db, 4096);
    var map = MappedRegions.of(db.dataFile());
    var statement =
        db.prepare(
            "select note, lag(note) over w, first_value(note) over w, max(note) over (partition by status),"
                + " nth_value(note, 2) over w from orders where customer_id = ? window w as (order by id) order by id");
    try (var tx = db.beginRead();
        var rows = tx.query(statement, 1)) {
      int texts = 0;
      while (rows.next()) {
        for (int i = 0; i < rows.columns().size(); i++) {
          if (rows.get(i) instanceof Text t) {
            assertThat(t.isBorrowed()).isTrue();
            assertThat(map.contains(t.asReadOnlySegment().address(), t.utf8Length()))
                .as("column %d lies in the LMDB map", i)
                .isTrue();
            texts++;
          }
        }
      }
      assertThat(texts)
          .isEqualTo(8 * 5 - 2); // 8 rows of customer 1; LAG and NTH_VALUE are NULL on the first
    }
  }

  @Test
  void frameOffsetsMayBeParameters() {
    orders(db, 1);
    var statement =
        db.prepare(
            "select id, sum(amount) over (order by id rows between ? preceding and ? following)"
                + " from orders where customer_id = 1 and status = 'open' order by id");
    // open amounts by id: 1:5, 2:20, 3:30, 4:15, 5:50, 8:12, 9:10
    assertThat(query(db, statement, 1, 0))
        .containsExactly("1|5", "2|25", "3|50", "4|45", "5|65", "8|62", "9|22");
    assertThat(query(db, statement, 0, 1))
        .containsExactly("1|25", "2|50", "3|45", "4|65", "5|62", "8|22", "9|10");
    assertThatThrownBy(() -> query(db, statement, -1, 0))
        .isInstanceOf(KiteSqlException.class)
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.INVALID_VALUE);
    assertThat(query(db, statement, 6, 6))
        .containsOnly("1|142", "2|142", "3|142", "4|142", "5|142", "8|142", "9|142");
    var offsets =
        db.prepare(
            "select id, ntile(?) over (order by id), lag(id, ?, 0) over (order by id) from orders where id < 6 order by id");
    assertThat(query(db, offsets, 2, 2))
        .containsExactly("1|1|0", "2|1|0", "3|1|1", "4|2|2", "5|2|3");
  }

  @Test
  void planKeepsWindowColumnsAndFiltersAboveTheWindow() {
    orders(db, 1);
    var text =
        String.join(
            "\n",
            query(
                db,
                db.prepare(
                    "explain select id from (select id, row_number() over (partition by status order by amount) as rn from orders) t where rn = 1")));
    // the window reads status and amount, the query id; note is never decoded
    assertThat(text).contains("TableScan orders columns=[id, status, amount]");
    // a filter on the window's result stays above it (below it would change the numbering)
    assertThat(text.indexOf("Filter")).isLessThan(text.indexOf("Window"));
    var rows =
        query(
            db,
            db.prepare(
                "select id from (select id, row_number() over (partition by status order by amount) as rn"
                    + " from orders) t where rn = 1 order by id"));
    assertThat(rows)
        .containsExactly("1", "6"); // the smallest amount per status: open id 1 (5), done id 6 (99)
  }

  @Test
  void filtersOnPartitionKeysReachTheIndexBelowTheWindow() {
    orders(db, 1);
    var sql =
        "select note, peak from (select customer_id, status, note, max(amount) over (partition by customer_id, status) as peak"
            + " from orders) t where customer_id = 1 and status = 'open' and peak > 10 order by note";
    var text = String.join("\n", query(db, db.prepare("explain " + sql)));
    assertThat(text).contains("IndexRangeScan orders using orders_customer_status = (1, 'open')");
    assertThat(text.indexOf("Filter"))
        .as("peak > 10 stays above the window")
        .isLessThan(text.indexOf("Window"));
    assertThat(query(db, db.prepare(sql)))
        .containsExactly("a|50", "a|50", "b|50", "b|50", "c|50", "d|50", "e|50");
  }

  @Test
  void table3AllocatesTheSameForLongAndShortNotes(
      @TempDatabase(mapSize = 1L << 30) Database other) {
    long small;
    long large;
    orders(db, 64);
    small = measure(db);
    orders(other, 256 * 1024);
    large = measure(other);
    System.out.printf("Table 3 bytes per execution, 64 B vs 256 KiB notes: %d %d%n", small, large);
    assertThat(large).isLessThanOrEqualTo(small + 2048);
  }

  private static long measure(Database db) {
    var statement = db.prepare(TABLE_3);
    long[] sink = new long[1];
    try (var tx = db.beginRead()) {
      return Allocations.minBytes(
          50,
          () -> {
            try (var rows = tx.query(statement, 1, "open", 10)) {
              while (rows.next()) {
                var t = (Text) rows.get(1);
                sink[0] += t.length() + rows.getLong(3);
              }
            }
          });
    }
  }

  @Test
  void reusedWindowQueryForgetsItsPartitions() {
    orders(db, 1);
    var statement =
        db.prepare(
            "select note, amount, row_number() over (partition by note order by amount desc),"
                + " sum(amount) over (partition by note) from orders where customer_id = ? order by note, amount desc");
    List<String> before;
    try (var tx = db.beginRead()) {
      before = rows(tx.query(statement, 1));
    }
    db.execute("insert into orders values (10, 1, 'open', 40, 'a')");
    db.execute("delete from orders where id = 5");
    try (var tx = db.beginRead()) {
      assertThat(rows(tx.query(statement, 1)))
          .containsExactly(
              "a|99|1|164",
              "a|40|2|164",
              "a|20|3|164",
              "a|5|4|164",
              "b|30|1|45",
              "b|15|2|45",
              "d|12|1|12",
              "e|10|1|10");
    }
    assertThat(before)
        .containsExactly(
            "a|99|1|124",
            "a|20|2|124",
            "a|5|3|124",
            "b|30|1|45",
            "b|15|2|45",
            "c|50|1|50",
            "d|12|1|12",
            "e|10|1|10");
  }

  @Test
  void windowFunctionsOutsideSelectAndOrderByAreGroupingErrors() {
    orders(db, 1);
    for (var sql :
        List.of(
            "select id from orders where row_number() over () > 1",
            "select count(*) from orders group by rank() over (order by id)",
            "select note from orders group by note having count(*) over () > 1",
            "select sum(row_number() over ()) from orders",
            "select sum(rank() over (order by id)) over () from orders")) {
      assertThatThrownBy(() -> db.prepare(sql))
          .as(sql)
          .isInstanceOf(KiteSqlException.class)
          .extracting(e -> ((KiteSqlException) e).errorCode())
          .isEqualTo(ErrorCode.GROUPING_ERROR);
    }
  }

  @Test
  void unimplementedWindowSyntaxIsRefusedByName() {
    orders(db, 1);
    for (var sql :
        List.of(
            "select row_number() filter (where amount > 1) over () from orders",
            "select count(distinct note) over () from orders",
            "select sum(amount) over (order by note range between 1 preceding and current row) from orders",
            "select sum(amount) over (order by id, amount range 1 preceding) from orders",
            "select lag(note) ignore nulls over (order by id) from orders")) {
      assertThatThrownBy(() -> db.prepare(sql))
          .as(sql)
          .isInstanceOf(KiteSqlException.class)
          .extracting(e -> ((KiteSqlException) e).errorCode())
          .isIn(ErrorCode.UNSUPPORTED_FEATURE, ErrorCode.SYNTAX_ERROR);
    }
    assertThatThrownBy(() -> db.prepare("select rank() over w from orders"))
        .hasMessageContaining("no window named w");
    for (var frame :
        List.of(
            "groups between 1 preceding and current row",
            "rows between 1 preceding and 1 following exclude current row")) {
      assertThatThrownBy(
              () -> db.prepare("select sum(amount) over (order by id " + frame + ") from orders"))
          .isInstanceOf(KiteSqlException.class)
          .hasMessageContainingAll(
              "window frame", frame.startsWith("groups") ? "GROUPS" : "EXCLUDE")
          .extracting(e -> ((KiteSqlException) e).errorCode())
          .isEqualTo(ErrorCode.UNSUPPORTED_FEATURE);
    }
    assertThatThrownBy(
            () ->
                db.prepare(
                    "select sum(id) over (rows between current row and 1 preceding) from orders"))
        .hasMessageContaining("invalid window frame");
    assertThatThrownBy(() -> db.read(tx -> rows(tx.query("select ntile(0) over () from orders"))))
        .hasMessageContaining("NTILE");
  }
}
