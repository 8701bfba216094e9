package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.testing.TempDatabase;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DatabaseTest {
  @TempDatabase Database db;

  static List<String> rows(RowCursor cursor) {
    var out = new ArrayList<String>();
    try (cursor) {
      while (cursor.next()) {
        var sb = new StringBuilder();
        for (int i = 0; i < cursor.columns().size(); i++) {
          sb.append(i == 0 ? "" : "|").append(cursor.get(i));
        }
        out.add(sb.toString());
      }
    }
    return out;
  }

  @Test
  void createInsertAndQuery() {
    db.execute(
        "create table orders (id int primary key, customer_id int, status varchar(10), amount int, note varchar)");
    db.execute("create index orders_cs on orders (customer_id, status)");
    assertThat(
            db.execute(
                "insert into orders values (1, 10, 'open', 5, 'a'), (2, 10, 'open', 7, 'b'), (3, 10, 'done', 9, 'c'), (4, 11, 'open', 1, null)"))
        .isEqualTo(4);
    var q =
        db.prepare(
            "select id, note from orders where customer_id = ? and status = ? order by id desc");
    List<String> found = db.read(tx -> rows(tx.query(q, 10, "open")));
    assertThat(found).containsExactly("2|b", "1|a");
    List<String> agg =
        db.read(
            tx ->
                rows(
                    tx.query(
                        "select status, count(*), sum(amount), max(note) from orders group by status order by status")));
    assertThat(agg).containsExactly("done|1|9|c", "open|3|13|b");
    List<String> plan =
        db.read(
            tx ->
                rows(
                    tx.query(
                        "explain select note from orders where customer_id = 10 and status = 'open'")));
    assertThat(String.join("\n", plan))
        .contains("IndexRangeScan orders using orders_cs = (10, 'open')");
  }

  @Test
  void errorsAreTheEnginesOwn() {
    db.execute("create table t (a int primary key, b varchar not null)");
    assertThatThrownBy(() -> db.prepare("select nope from t"))
        .isInstanceOf(KiteSqlException.class)
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode()).isEqualTo(ErrorCode.UNKNOWN_COLUMN));
    assertThatThrownBy(() -> db.prepare("select a from missing"))
        .satisfies(
            e -> assertThat(((KiteSqlException) e).errorCode()).isEqualTo(ErrorCode.UNKNOWN_TABLE));
    db.execute("insert into t values (1, 'x')");
    assertThatThrownBy(() -> db.execute("insert into t values (2, 'y'), (1, 'dup')"))
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode())
                    .isEqualTo(ErrorCode.UNIQUE_VIOLATION));
    List<String> left = db.read(tx -> rows(tx.query("select a, b from t order by a")));
    assertThat(left).containsExactly("1|x");
  }

  @Test
  void writeOnWriterThreadCommitsRollsBackAndRunsOnTheWriterThread() {
    db.execute("create table t (a int primary key, b varchar)");
    var insert = db.prepare("insert into t values (?, ?)");
    var caller = Thread.currentThread();
    Thread ran =
        db.writeOnWriterThread(
            tx -> {
              for (int i = 0; i < 1000; i++) {
                tx.execute(insert, i, "v" + i);
              }
              // the transaction's own writes are visible to its queries, as owned copies
              try (var rows = tx.query("select count(*), max(b) from t")) {
                rows.next();
                assertThat(rows.getLong(0)).isEqualTo(1000);
                assertThat(rows.getText(1).isBorrowed()).isFalse();
              }
              return Thread.currentThread();
            });
    assertThat(ran).isNotSameAs(caller);

    assertThatThrownBy(
            () ->
                db.writeOnWriterThread(
                    tx -> {
                      tx.execute(insert, 5000, "lost");
                      throw new IllegalArgumentException("changed my mind");
                    }))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("changed my mind");
    db.writeOnWriterThread(
        tx -> {
          tx.execute(insert, 6000, "rolled back by the work itself");
          tx.rollback();
          return null;
        });
    assertThatThrownBy(() -> db.writeOnWriterThread(tx -> tx.execute(insert, 1, "duplicate")))
        .isInstanceOf(KiteSqlException.class);

    List<String> count = db.read(tx -> rows(tx.query("select count(*), min(a), max(a) from t")));
    assertThat(count).containsExactly("1000|0|999");
    // and the database still takes writes from the calling thread afterwards
    assertThat(db.execute("insert into t values (1000, 'after')")).isEqualTo(1);
  }
}
