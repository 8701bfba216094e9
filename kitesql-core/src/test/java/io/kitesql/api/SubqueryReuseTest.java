package io.kitesql.api;

import static io.kitesql.testing.QueryRows.column;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.testing.TempDatabase;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A reused statement must not keep its materialized IN-subquery result and answer from an earlier
 * transaction. Here one prepared statement with an IN subquery (and one with a correlated EXISTS)
 * runs in two read transactions with a write committed in between, and must see the new data.
 */
class SubqueryReuseTest {
  @TempDatabase Database db;

  @Test
  void inSubqueryResultsDoNotSurviveTheirExecution() {
    db.execute("create table orders (id int primary key, customer_id int, status varchar)");
    db.execute("create table vip (customer_id int primary key)");
    db.execute("insert into orders values (1, 10, 'open'), (2, 20, 'open'), (3, 30, 'done')");
    db.execute("insert into vip values (10)");
    var in =
        db.prepare(
            "select id from orders where customer_id in (select customer_id from vip) order by id");
    var exists =
        db.prepare(
            "select o.id from orders o where exists (select 1 from vip v where v.customer_id = o.customer_id) order by o.id");
    List<String> first = db.read(tx -> column(tx.query(in)));
    List<String> firstExists = db.read(tx -> column(tx.query(exists)));
    assertThat(first).containsExactly("1");
    assertThat(firstExists).containsExactly("1");

    db.execute("insert into vip values (30)");

    List<String> second = db.read(tx -> column(tx.query(in)));
    List<String> secondExists = db.read(tx -> column(tx.query(exists)));
    assertThat(second).containsExactly("1", "3");
    assertThat(secondExists).containsExactly("1", "3");

    // and within one transaction, two executions of the statement agree with the data
    db.write(
        tx -> {
          tx.execute("delete from vip where customer_id = 10");
          assertThat(column(tx.query(in))).containsExactly("3");
          return null;
        });
  }
}
