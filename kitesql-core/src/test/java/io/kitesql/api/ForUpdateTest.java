package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.testing.TempDatabase;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code SELECT ... FOR UPDATE}: KiteSQL has no row locks, its writers run one at a time, so the
 * clause is honoured by running the query only in a read-write transaction.
 */
class ForUpdateTest {
  @TempDatabase Database db;

  @BeforeEach
  void rows() {
    db.execute("create table t (id int primary key, v varchar)");
    db.execute("insert into t values (1, 'a'), (2, 'b'), (3, 'c')");
  }

  private static List<Integer> ids(RowCursor rows) {
    try (rows) {
      var ids = new java.util.ArrayList<Integer>();
      while (rows.next()) {
        ids.add(rows.getInt(0));
      }
      return ids;
    }
  }

  @Test
  void aReadWriteTransactionRunsItAndItsOtherClauses() {
    for (var clause :
        List.of(
            "for update",
            "for share",
            "for no key update",
            "for key share",
            "for update of t",
            "for update nowait",
            "for update skip locked")) {
      List<Integer> found =
          db.write(tx -> ids(tx.query("select id from t where id >= 2 order by id " + clause)));
      assertThat(found).as(clause).containsExactly(2, 3);
    }
    var statement = db.prepare("select id from t where id = ? for update");
    assertThat(statement.isQuery()).isTrue();
    List<Integer> three = db.write(tx -> ids(tx.query(statement, 3)));
    assertThat(three).containsExactly(3);
  }

  @Test
  void aReadOnlyTransactionRefusesIt() {
    assertThatThrownBy(() -> db.read(tx -> ids(tx.query("select id from t for update"))))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("read-write transaction")
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.INVALID_TRANSACTION_STATE);
  }

  @Test
  void onlyTheStatementsOwnSelectMayLock() {
    assertThatThrownBy(
            () ->
                db.write(
                    tx ->
                        ids(
                            tx.query(
                                "select id from t where id in (select id from t for update)"))))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("FOR UPDATE in a subquery");
    assertThatThrownBy(() -> db.write(tx -> ids(tx.query("select id from t for read only"))))
        .isInstanceOf(KiteSqlException.class)
        .hasMessageContaining("FOR READ ONLY");
  }

  @Test
  void executeTakesNoQuery() {
    assertThatThrownBy(() -> db.write(tx -> tx.execute("select id from t for update")))
        .extracting(e -> ((KiteSqlException) e).errorCode())
        .isEqualTo(ErrorCode.WRONG_STATEMENT_KIND);
  }
}
