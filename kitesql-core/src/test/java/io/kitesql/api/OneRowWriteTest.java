package io.kitesql.api;

import static io.kitesql.testing.Failures.errorOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.ErrorCode;
import io.kitesql.testing.QueryRows;
import io.kitesql.testing.TempDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Statements that write one row run without a nested LMDB transaction of their own (DmlExecutor):
 * they must still leave nothing behind when they fail, keep the surrounding transaction usable, and
 * keep every index consistent with the rows ({@link Database#checkIntegrity()}). The table has a
 * primary key, a unique index and a plain one, so a row's writes are a row and two entries.
 */
class OneRowWriteTest {
  @TempDatabase Database db;

  @BeforeEach
  void open() {
    db.execute("create table t (id int primary key, email varchar not null, grp int)");
    db.execute("create unique index t_email on t (email)");
    db.execute("create index t_grp on t (grp)");
  }

  @Test
  void failingOneRowStatementsLeaveNothingAndTheTransactionGoesOn() {
    db.write(
        tx -> {
          tx.execute("insert into t values (1, 'a@x', 10)");
          tx.execute("insert into t values (2, 'b@x', 20)");
          // each violates a constraint checked before the row's first write
          assertThat(errorOf(() -> tx.execute("insert into t values (3, 'a@x', 30)")))
              .isEqualTo(ErrorCode.UNIQUE_VIOLATION);
          assertThat(errorOf(() -> tx.execute("insert into t values (1, 'c@x', 30)")))
              .isEqualTo(ErrorCode.UNIQUE_VIOLATION);
          assertThat(errorOf(() -> tx.execute("insert into t values (3, null, 30)")))
              .isEqualTo(ErrorCode.NOT_NULL_VIOLATION);
          assertThat(errorOf(() -> tx.execute("update t set email = 'a@x', grp = 99 where id = 2")))
              .isEqualTo(ErrorCode.UNIQUE_VIOLATION);
          assertThat(errorOf(() -> tx.execute("update t set id = 1, grp = 99 where id = 2")))
              .isEqualTo(ErrorCode.UNIQUE_VIOLATION);
          // and the transaction goes on with one-row writes of every kind
          tx.execute("insert into t values (3, 'c@x', 30)");
          tx.execute("update t set id = 4, email = 'd@x', grp = 40 where id = 3");
          tx.execute("delete from t where id = 1");
          return null;
        });
    assertThat(QueryRows.of(db, "select id, email, grp from t order by id"))
        .containsExactly("2,b@x,20", "4,d@x,40");
    // the entries agree with the rows: found through either index, and nothing else there
    assertThat(QueryRows.of(db, "select id from t where email = 'a@x'")).isEmpty();
    assertThat(QueryRows.of(db, "select id from t where email = 'd@x'")).containsExactly("4");
    assertThat(QueryRows.of(db, "select id from t where grp = 99 or grp = 30 or grp = 10"))
        .isEmpty();
    assertThat(db.checkIntegrity().problems()).isEmpty();
  }

  @Test
  void aFailedMultiRowStatementStillLeavesNothing() {
    db.write(
        tx -> {
          tx.execute("insert into t values (1, 'a@x', 10)");
          // the third row collides with the first only after two rows of this statement were
          // written
          assertThat(
                  errorOf(
                      () ->
                          tx.execute(
                              "insert into t values (2, 'b@x', 20), (3, 'c@x', 30), (4, 'a@x', 40)")))
              .isEqualTo(ErrorCode.UNIQUE_VIOLATION);
          tx.execute("insert into t values (2, 'b@x', 20), (3, 'c@x', 30)");
          // the first row's update is written before the second one collides with it
          assertThat(errorOf(() -> tx.execute("update t set email = 'same@x', grp = 99")))
              .isEqualTo(ErrorCode.UNIQUE_VIOLATION);
          assertThat(errorOf(() -> tx.execute("insert into t select id + 10, email, grp from t")))
              .isEqualTo(ErrorCode.UNIQUE_VIOLATION);
          return null;
        });
    assertThat(QueryRows.of(db, "select id, email, grp from t order by id"))
        .containsExactly("1,a@x,10", "2,b@x,20", "3,c@x,30");
    assertThat(QueryRows.of(db, "select id from t where grp = 99 or email = 'same@x'")).isEmpty();
    assertThat(db.checkIntegrity().problems()).isEmpty();
  }
}
