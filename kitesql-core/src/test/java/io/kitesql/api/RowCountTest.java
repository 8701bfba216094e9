package io.kitesql.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.KiteSqlException;
import io.kitesql.catalog.CatalogStore;
import io.kitesql.testing.TempDatabase;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The row count each table keeps, which answers a whole table's {@code COUNT(*)}: every way of
 * adding and removing rows moves it, failed statements and rolled-back transactions do not, and a
 * table created before counts were kept is counted once by its first write. Each expected count
 * follows from the statements run; the kept count is also compared with the rows walked.
 */
class RowCountTest {
  @TempDatabase Database db;

  @BeforeEach
  void open() {
    db.execute("create table t (id int primary key, u varchar unique, k int)");
    db.execute("create index t_k on t (k)");
    db.execute("create table plain (id int primary key, k int)");
    db.execute("create index plain_k on plain (k)");
    db.execute("create table heap (v varchar)"); // hidden row ids
  }

  @Test
  void everyKindOfInsertAndDeleteMovesTheCount() {
    assertCount("t", 0);
    db.execute("insert into t values (1, 'a', 1)");
    db.execute("insert into t values (2, 'b', 1), (3, 'c', 2), (4, 'd', 2)");
    assertCount("t", 4);
    db.execute("insert into plain select id, k from t"); // bulk insert, one row batch
    assertCount("plain", 4);
    db.execute("insert into plain select id + 10, k from plain"); // stored rows copied
    assertCount("plain", 8);
    db.execute("insert into heap values ('x'), ('x'), ('y')");
    assertCount("heap", 3);
    db.execute("update t set k = 5 where id <= 2");
    db.execute("update t set id = id + 100 where id = 3"); // moves the row: still one
    assertCount("t", 4);
    db.execute("delete from t where id = 1");
    db.execute("delete from plain where k = 1"); // 1, 2, 11, 12
    assertCount("t", 3);
    assertCount("plain", 4);
    db.execute("delete from heap");
    assertCount("heap", 0);
    db.execute("delete from heap"); // nothing to delete
    db.execute("insert into heap select v from heap"); // nothing to insert
    assertCount("heap", 0);
  }

  @Test
  void upsertCountsOnlyTheRowsItAdds() {
    db.execute("insert into t values (1, 'a', 1)");
    db.execute(
        "insert into t values (1, 'a', 9), (2, 'b', 2) on conflict (id) do update set k = excluded.k");
    assertCount("t", 2);
    db.execute("insert into t values (2, 'b', 2), (3, 'c', 3) on conflict do nothing");
    assertCount("t", 3);
  }

  @Test
  void aFailedStatementOrRolledBackTransactionLeavesTheCount() {
    db.execute("insert into t values (1, 'a', 1), (2, 'b', 2)");
    assertThatThrownBy(() -> db.execute("insert into t values (3, 'c', 3), (4, 'a', 4)"))
        .isInstanceOf(KiteSqlException.class);
    assertCount("t", 2);
    try (var tx = db.beginWrite()) {
      tx.execute("insert into t values (5, 'e', 5)");
      tx.execute("delete from t where id = 1");
      tx.execute("insert into t values (6, 'f', 6), (7, 'g', 7)");
      assertThat(count(tx, "t")).isEqualTo(4);
      assertThatThrownBy(() -> tx.execute("insert into t values (8, 'h', 8), (6, 'x', 0)"))
          .isInstanceOf(KiteSqlException.class);
      assertThat(count(tx, "t")).isEqualTo(4); // the failed statement took its row back
      tx.rollback();
    }
    assertCount("t", 2);
  }

  @Test
  void aTransactionOfOneRowStatementsStoresItsCountAtCommit() {
    db.execute("insert into plain values (0, 0)");
    int id = db.catalog().requireTable("plain").id();
    try (var tx = db.beginWrite()) {
      for (int i = 1; i <= 50; i++) {
        tx.execute("insert into plain values (?, ?)", i, i);
      }
      tx.execute("delete from plain where id = ?", 7);
      assertThat(count(tx, "plain")).isEqualTo(50); // the transaction sees its own rows counted
      assertThat(keptCount(id)).hasValue(1); // others see the stored count until the commit
      tx.commit();
    }
    assertCount("plain", 50);
    assertThat(db.checkIntegrity().isOk()).isTrue();
  }

  @Test
  void aTableDroppedByTheTransactionThatMovedItsCountKeepsNone() {
    int id = db.catalog().requireTable("plain").id();
    try (var tx = db.beginWrite()) {
      tx.execute("insert into plain values (1, 1)");
      tx.execute("drop table plain");
      tx.commit();
    }
    assertThat(keptCount(id))
        .isEmpty(); // the drop deleted it, and the commit did not store it again
    db.execute("create table plain (id int primary key)");
    assertCount("plain", 0);
    assertThat(db.checkIntegrity().isOk()).isTrue();
  }

  @Test
  void aDroppedAndRecreatedTableStartsFromZero() {
    db.execute("insert into plain values (1, 1), (2, 2)");
    db.execute("drop table plain");
    db.execute("create table plain (id int primary key)");
    assertCount("plain", 0);
    db.execute("insert into plain values (7)");
    assertCount("plain", 1);
  }

  @Test
  void wholeTableCountReadsTheKeptCount() {
    db.execute("insert into plain values (1, 1), (2, 2), (3, 3)");
    int id = db.catalog().requireTable("plain").id();
    db.storage()
        .write(
            tx -> {
              CatalogStore.saveRowCount(tx, id, 1_000);
              return null;
            });
    assertThat(count("select count(*) from plain")).isEqualTo(1_000); // no walk
    String plan =
        db.read(
            tx -> {
              var lines = new StringBuilder();
              try (var rows = tx.query("explain select count(*) from plain")) {
                while (rows.next()) {
                  lines.append(rows.get(0)).append('\n');
                }
              }
              return lines.toString();
            });
    assertThat(plan).contains("COUNT(*)] from the kept row count");
    assertThat(count("select count(*) from plain where k > 0")).isEqualTo(3); // ranges are walked
    assertThat(db.checkIntegrity().problems())
        .containsExactly("table plain: keeps a row count of 1000 but has 3 row(s)");
  }

  @Test
  void aTableWithoutAKeptCountIsCountedByItsFirstWrite() {
    db.execute("insert into plain values (1, 1), (2, 2), (3, 3)");
    int id = db.catalog().requireTable("plain").id();
    // As a table created before counts were kept: no count stored.
    db.storage().write(tx -> tx.delete(io.kitesql.storage.Keyspace.CATALOG, countKey(id)));
    assertThat(keptCount(id)).isEmpty();
    assertThat(count("select count(*) from plain")).isEqualTo(3); // walked
    db.execute("insert into plain values (4, 4), (5, 5)");
    assertThat(keptCount(id)).hasValue(5);
    db.execute("delete from plain where id = 1");
    assertThat(keptCount(id)).hasValue(4);
    assertThat(db.checkIntegrity().isOk()).isTrue();
  }

  private static byte[] countKey(int tableId) {
    return java.nio.ByteBuffer.allocate(5).put((byte) 'c').putInt(tableId).array();
  }

  private OptionalLong keptCount(int tableId) {
    return db.storage().read(tx -> CatalogStore.rowCount(tx, tableId));
  }

  /**
   * The kept count answers COUNT(*), and equals the rows there are (walked by the integrity check
   * and a filter).
   */
  private void assertCount(String table, long expected) {
    assertThat(count("select count(*) from " + table))
        .as("count(*) of %s", table)
        .isEqualTo(expected);
    assertThat(count("select coalesce(sum(1), 0) from " + table)).isEqualTo(expected);
    assertThat(keptCount(db.catalog().requireTable(table).id())).hasValue(expected);
    assertThat(db.checkIntegrity().problems()).isEmpty();
  }

  private long count(String sql) {
    return db.read(
        tx -> {
          try (var rows = tx.query(sql)) {
            rows.next();
            return rows.getLong(0);
          }
        });
  }

  private static long count(ReadWriteTransaction tx, String table) {
    try (var rows = tx.query("select count(*) from " + table)) {
      rows.next();
      return rows.getLong(0);
    }
  }
}
