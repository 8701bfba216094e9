package io.kitesql.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.api.RowCursor;
import io.kitesql.options.StorageOptions;
import io.kitesql.value.Text;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Using what has ended is a programming error and says so with {@link IllegalStateException}: a
 * borrowed value or a cursor after its transaction, a transaction after its end, a database or a
 * statement prepared on it after the database closed. Closing a database with a transaction open is
 * refused, and leaves the database and the transaction working.
 */
class UseAfterCloseTest {
  @TempDir Path dir;

  private Database open() {
    var db =
        KiteSql.open(
            dir,
            StorageOptions.defaults().withMapSize(64L << 20).withDrainWait(Duration.ofMillis(200)));
    db.execute("create table notes (id int primary key, body varchar)");
    db.execute("insert into notes values (1, 'first'), (2, 'second')");
    return db;
  }

  @Test
  void valuesAndCursorsAfterTheirTransaction() {
    try (var db = open()) {
      var all = db.prepare("select body from notes order by id");
      var tx = db.beginRead();
      RowCursor rows = tx.query(all);
      assertThat(rows.next()).isTrue();
      Text first = rows.getText(0);
      assertThat(first.toString()).isEqualTo("first");
      tx.close();

      assertThatThrownBy(first::toString).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> first.charAt(0)).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(rows::next).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> rows.getText(0)).isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(() -> tx.query(all)).isInstanceOf(IllegalStateException.class);
      rows.close(); // closing again is harmless
    }
  }

  @Test
  void writeTransactionAfterCommitAndRollback() {
    try (var db = open()) {
      var committed = db.beginWrite();
      committed.execute("insert into notes values (3, 'third')");
      committed.commit();
      assertThatThrownBy(() -> committed.execute("insert into notes values (4, 'fourth')"))
          .isInstanceOf(IllegalStateException.class);
      assertThatThrownBy(committed::commit).isInstanceOf(IllegalStateException.class);

      var rolledBack = db.beginWrite();
      rolledBack.execute("insert into notes values (5, 'fifth')");
      rolledBack.close();
      assertThatThrownBy(() -> rolledBack.query("select * from notes"))
          .isInstanceOf(IllegalStateException.class);

      Long count =
          db.read(
              tx -> {
                try (var rows = tx.query("select count(*) from notes")) {
                  rows.next();
                  return rows.getLong(0);
                }
              });
      assertThat(count).isEqualTo(3); // 1, 2 and the committed 3; nothing of the rolled-back 5
    }
  }

  @Test
  void databaseAndItsStatementsAfterClose() {
    var db = open();
    var byId = db.prepare("select body from notes where id = ?");
    var insert = db.prepare("insert into notes values (?, ?)");
    db.close();

    assertThat(db.isClosed()).isTrue();
    assertThatThrownBy(() -> db.read(tx -> tx.query(byId, 1)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("closed");
    assertThatThrownBy(() -> db.write(tx -> tx.execute(insert, 9, "x")))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(byId::columns).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(byId::isQuery).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> db.prepare("select 1")).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> db.execute("delete from notes"))
        .isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(db::beginRead).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(db::catalog).isInstanceOf(IllegalStateException.class);
    db.close(); // idempotent

    try (var reopened =
        KiteSql.open(dir)) { // nothing was lost or half-written by the refused calls
      Long count =
          reopened.read(
              tx -> {
                try (var rows = tx.query("select count(*) from notes")) {
                  rows.next();
                  return rows.getLong(0);
                }
              });
      assertThat(count).isEqualTo(2);
    }
  }

  @Test
  void closingWithATransactionOpenIsRefusedAndChangesNothing() {
    var db = open();
    var tx = db.beginRead();
    try (var rows = tx.query("select body from notes where id = 2")) {
      assertThat(rows.next()).isTrue();
      Text second = rows.getText(0);

      assertThatThrownBy(db::close)
          .isInstanceOf(KiteSqlException.class)
          .satisfies(
              e ->
                  assertThat(((KiteSqlException) e).errorCode())
                      .isEqualTo(ErrorCode.TRANSACTIONS_OPEN));
      assertThat(db.isClosed()).isFalse();
      assertThat(second.toString()).isEqualTo("second"); // the map is still there
      assertThat(db.execute("insert into notes values (3, 'third')")).isEqualTo(1);
    }
    tx.close();
    db.close();
    assertThat(db.isClosed()).isTrue();
  }
}
