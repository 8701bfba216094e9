package io.kitesql.api;

import static io.kitesql.testing.QueryRows.column;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.testing.Databases;
import io.kitesql.testing.TempDatabase;
import org.junit.jupiter.api.Test;

class DmlSemanticsTest {
  @TempDatabase Database db;

  @Test
  void updateMovingRowsWithinTheScannedIndexChangesEachRowOnce() {
    db.execute("create table t (id int primary key, k int)");
    db.execute("create index t_k on t (k)");
    db.execute("insert into t values (1, 1), (2, 2), (3, 3), (4, 4)");
    // the rows are found through index t_k (k >= 1); each update moves its row further along it
    assertThat(String.join("\n", column(db, "explain select id from t where k >= 1")))
        .contains("using t_k");
    assertThat(db.execute("update t set k = k + 10 where k >= 1")).isEqualTo(4);
    assertThat(column(db, "select k from t order by id")).containsExactly("11", "12", "13", "14");
    // and on the primary key itself: each row moves ahead of the primary-key scan
    assertThat(db.execute("update t set id = id + 10 where id >= 1")).isEqualTo(4);
    assertThat(column(db, "select id from t order by id")).containsExactly("11", "12", "13", "14");
  }

  @Test
  void aFailingStatementLeavesNoPartialWritesAndTheTransactionGoesOn() {
    db.execute("create table t (id int primary key, v varchar not null)");
    db.write(
        tx -> {
          tx.execute("insert into t values (1, 'a')");
          assertThatThrownBy(() -> tx.execute("insert into t values (2, 'b'), (3, null)"))
              .isInstanceOf(KiteSqlException.class)
              .satisfies(
                  e ->
                      assertThat(((KiteSqlException) e).errorCode())
                          .isEqualTo(ErrorCode.NOT_NULL_VIOLATION));
          tx.execute("insert into t values (2, 'b')");
          assertThatThrownBy(
                  () -> tx.execute("update t set v = case when id = 2 then null else 'x' end"))
              .isInstanceOf(KiteSqlException.class)
              .satisfies(
                  e ->
                      assertThat(((KiteSqlException) e).errorCode())
                          .isEqualTo(ErrorCode.NOT_NULL_VIOLATION));
          tx.execute("delete from t where id = 2");
          tx.execute("insert into t values (4, 'd')");
          return null;
        });
    assertThat(column(db, "select v from t order by id")).containsExactly("a", "d");
  }

  @Test
  void insertSelectFromTheSameTableReadsOnlyTheRowsThatWereThere() {
    db.execute("create table t (id int primary key, v int)");
    db.execute("insert into t values (1, 10), (2, 20)");
    assertThat(db.execute("insert into t select id + 2, v + 1 from t")).isEqualTo(2);
    assertThat(column(db, "select v from t order by id")).containsExactly("10", "20", "11", "21");
  }

  @Test
  void schemaChangesReplanPreparedStatementsAndSurviveReopen() {
    db.execute("create table t (id int primary key, v varchar)");
    db.execute("insert into t values (1, 'a')");
    var q = db.prepare("select * from t");
    int before = db.read(tx -> tx.query(q).columns().size());
    assertThat(before).isEqualTo(2);
    db.execute("alter table t add column w int default 7");
    assertThat(column(db, "select w from t")).containsExactly("7");
    int after = db.read(tx -> tx.query(q).columns().size());
    assertThat(after).isEqualTo(3);
    db.execute("create unique index t_v on t (v)");
    assertThatThrownBy(() -> db.execute("insert into t values (2, 'a', 1)"))
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode())
                    .isEqualTo(ErrorCode.UNIQUE_VIOLATION));
    db.execute("drop index t_v");
    db.execute("insert into t values (2, 'a', 1)");
    db = Databases.reopen(db);
    assertThat(column(db, "select count(*) from t")).containsExactly("2");
    db.execute("drop table t");
    assertThatThrownBy(() -> db.prepare("select * from t"))
        .satisfies(
            e -> assertThat(((KiteSqlException) e).errorCode()).isEqualTo(ErrorCode.UNKNOWN_TABLE));
    db.execute("drop table if exists t");
  }
}
