package io.kitesql.api;

import static io.kitesql.testing.QueryRows.column;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.testing.TempDatabase;
import org.junit.jupiter.api.Test;

/**
 * A prepared INSERT, UPDATE or DELETE reuses its source operators across executions (pooled by the
 * compiled statement): each execution must see only its own parameters and the table as it is then,
 * also after an execution that failed, and from one transaction or many.
 */
class DmlOperatorReuseTest {
  @TempDatabase Database db;

  /** Executes {@code statement} in its own transaction; the rows written. */
  static long executed(Database db, PreparedStatement statement, Object... parameters) {
    return db.<Long>write(tx -> tx.execute(statement, parameters));
  }

  @Test
  void reusedUpdateAndDeleteSeeEachExecutionsParametersAndRows() {
    db.execute("create table t (id int primary key, v int)");
    db.execute("create index t_v on t (v)");
    for (int id = 1; id <= 10; id++) {
      db.execute("insert into t values (?, ?)", id, id * 10);
    }
    var bump = db.prepare("update t set v = v + 1 where id = ? and v > 0");
    for (int round = 0; round < 2; round++) {
      for (int id = 1; id <= 10; id++) {
        int row = id;
        assertThat(executed(db, bump, row)).isEqualTo(1L);
      }
    }
    // ten rows of id * 10, each bumped twice: 550 + 20
    assertThat(column(db, "select sum(v) from t")).containsExactly("570");
    assertThat(executed(db, bump, 99)).isZero();

    var deleteRange = db.prepare("delete from t where id between ? and ?");
    assertThat(executed(db, deleteRange, 1, 3)).isEqualTo(3L);
    assertThat(executed(db, deleteRange, 2, 5)).isEqualTo(2L); // 4 and 5; 2 and 3 are gone
    assertThat(column(db, "select id from t order by id"))
        .containsExactly("6", "7", "8", "9", "10");

    var move = db.prepare("update t set id = ? where id = ?");
    db.write(
        tx -> {
          assertThatThrownBy(() -> tx.execute(move, 7, 6))
              .isInstanceOf(KiteSqlException.class)
              .satisfies(
                  e ->
                      assertThat(((KiteSqlException) e).errorCode())
                          .isEqualTo(ErrorCode.UNIQUE_VIOLATION));
          assertThat(tx.execute(move, 100, 6)).isEqualTo(1L);
          assertThat(tx.execute(move, 6, 100)).isEqualTo(1L);
          assertThat(tx.execute(move, 60, 6)).isEqualTo(1L);
          return 0L;
        });
    assertThat(column(db, "select id || ':' || v from t order by id"))
        .containsExactly("7:72", "8:82", "9:92", "10:102", "60:62");
  }

  @Test
  void reusedInsertSelectReadsTheSourceAnewEachTime() {
    db.execute("create table src (id int primary key, v int)");
    db.execute("create table dst (id int primary key, v int)");
    db.execute("create index dst_v on dst (v)");
    db.execute("insert into src values (1, 10), (2, 20)");
    var copy = db.prepare("insert into dst select id + ?, v from src");
    assertThat(executed(db, copy, 100)).isEqualTo(2L);
    db.execute("insert into src values (3, 30)");
    assertThat((long) db.<Long>writeOnWriterThread(tx -> tx.execute(copy, 200))).isEqualTo(3L);
    // a failing execution (101 exists already) writes nothing and leaves the statement usable
    assertThatThrownBy(() -> db.write(tx -> tx.execute(copy, 100)))
        .isInstanceOf(KiteSqlException.class)
        .satisfies(
            e ->
                assertThat(((KiteSqlException) e).errorCode())
                    .isEqualTo(ErrorCode.UNIQUE_VIOLATION));
    assertThat(executed(db, copy, 300)).isEqualTo(3L);
    assertThat(column(db, "select id from dst order by id"))
        .containsExactly("101", "102", "201", "202", "203", "301", "302", "303");
    assertThat(column(db, "select count(*) from dst where v = 30")).containsExactly("2");
  }
}
