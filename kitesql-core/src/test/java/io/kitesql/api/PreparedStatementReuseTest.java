package io.kitesql.api;

import static io.kitesql.testing.QueryRows.column;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.testing.TempDatabase;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * Reused plans forget (docs/design.md): one shared prepared statement, many executions, nothing
 * carried over.
 */
class PreparedStatementReuseTest {
  @TempDatabase Database db;

  @Test
  void sameStatementInTwoReadTransactionsNeverAnswersFromTheFirst() {
    db.execute("create table t (id int primary key, grp int, v varchar)");
    db.execute("insert into t values (1, 1, 'a'), (2, 1, 'b'), (3, 2, 'c')");
    // every materializing operator: sort, distinct, aggregate, top-N
    var statements =
        List.of(
            db.prepare("select v from t where grp = ? order by v"),
            db.prepare("select distinct v from t where grp = ?"),
            db.prepare("select max(v) from t where grp = ?"),
            db.prepare("select v from t where grp = ? order by v desc limit 1"));
    var before = new ArrayList<List<String>>();
    try (var tx = db.beginRead()) {
      for (var s : statements) {
        before.add(column(tx.query(s, 1)));
      }
    }
    db.execute("update t set v = 'z' || v where grp = 1");
    db.execute("insert into t values (4, 1, 'y')");
    try (var tx = db.beginRead()) {
      assertThat(column(tx.query(statements.get(0), 1))).containsExactly("y", "za", "zb");
      assertThat(column(tx.query(statements.get(1), 1))).containsExactlyInAnyOrder("za", "zb", "y");
      assertThat(column(tx.query(statements.get(2), 1))).containsExactly("zb");
      assertThat(column(tx.query(statements.get(3), 1))).containsExactly("zb");
    }
    assertThat(before.get(0)).containsExactly("a", "b");
    assertThat(before.get(2)).containsExactly("b");
  }

  @Test
  void oneStatementFromEightThreadsAtOnce() throws Exception {
    db.execute("create table t (id int primary key, grp int, v varchar)");
    db.write(
        tx -> {
          for (int i = 0; i < 800; i++) {
            tx.execute("insert into t values (?, ?, ?)", i, i % 8, "v" + i);
          }
          return null;
        });
    var statement = db.prepare("select count(*), min(v), max(id) from t where grp = ?");
    for (var executor :
        List.<ExecutorService>of(
            Executors.newFixedThreadPool(8), Executors.newVirtualThreadPerTaskExecutor())) {
      try (executor) {
        var futures = new ArrayList<Future<String>>();
        for (int round = 0; round < 200; round++) {
          int grp = round % 8;
          Callable<String> task =
              () ->
                  db.read(
                      tx -> {
                        try (var rows = tx.query(statement, grp)) {
                          rows.next();
                          return rows.getLong(0) + "/" + rows.getText(1) + "/" + rows.getLong(2);
                        }
                      });
          futures.add(executor.submit(task));
        }
        for (int round = 0; round < futures.size(); round++) {
          int grp = round % 8;
          // rows i with i % 8 == grp: 100 of them; min(v) in string order; max(id) = 792 + grp
          var smallest =
              java.util.stream.IntStream.range(0, 800)
                  .filter(i -> i % 8 == grp)
                  .mapToObj(i -> "v" + i)
                  .min(String::compareTo)
                  .orElseThrow();
          assertThat(futures.get(round).get()).isEqualTo("100/" + smallest + "/" + (792 + grp));
        }
      }
    }
  }
}
