package io.kitesql.api;

import static io.kitesql.testing.QueryRows.count;
import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.catalog.CatalogStore;
import io.kitesql.testing.TempDatabase;
import org.junit.jupiter.api.Test;

/**
 * {@link Database#beginWrite()} and {@link Database#write} take the write lock at once but begin
 * the LMDB transaction with the first statement, whose plan was made against the database's cached
 * catalog: when a commit the cache has not seen changed the schema (another process, or a DDL
 * commit not yet published), the begin finds the newer catalog and the statement is planned again
 * against it.
 */
class LazyWriteBeginTest {
  @TempDatabase Database db;

  /**
   * Creates {@code ddl}'s table through the storage directly: committed, but the cached catalog
   * never hears of it.
   */
  private static void createBehindTheCache(Database db, String ddl) {
    db.storage()
        .write(
            storageTx -> {
              var tx =
                  new ReadWriteTransaction(
                      db, storageTx, db.catalogFor(storageTx), CatalogStore.version(storageTx));
              return tx.execute(
                  ddl); // Storage.write commits; ReadWriteTransaction.commit (which publishes)
              // never runs
            });
  }

  @Test
  void aStatementPlannedAgainstAnOldCatalogIsPlannedAgainAtTheBegin() {
    db.execute("create table t (id int primary key)");
    createBehindTheCache(db, "create table v (id int primary key)");
    assertThat(db.catalog().table("v")).as("the cache is behind").isEmpty();

    // t is in the old catalog too: the insert plans, the begin finds the newer catalog, and v is
    // usable after it
    db.write(
        tx -> {
          tx.execute("insert into t values (1)");
          return tx.execute("insert into v values (2)");
        });

    assertThat(count(db, "t")).isEqualTo(1);
    assertThat(count(db, "v")).isEqualTo(1);
    assertThat(db.catalog().table("v")).as("the begin published the catalog it found").isPresent();
  }

  @Test
  void aTableOnlyTheNewerCatalogHasIsFoundAtTheBegin() {
    createBehindTheCache(db, "create table w (id int primary key, name varchar)");

    long inserted = db.write(tx -> tx.execute("insert into w values (1, 'kite')"));
    assertThat(inserted).isEqualTo(1);
    assertThat(count(db, "w")).isEqualTo(1);
  }

  @Test
  void aQueryInAWriteTransactionBeginsBeforeItIsPlanned() {
    createBehindTheCache(db, "create table q (id int primary key)");
    db.storage()
        .write(
            storageTx ->
                new ReadWriteTransaction(
                        db, storageTx, db.catalogFor(storageTx), CatalogStore.version(storageTx))
                    .execute("insert into q values (7)"));

    long found =
        db.write(
            tx -> {
              try (var rows = tx.query("select id from q")) {
                rows.next();
                return rows.getLong(0);
              }
            });
    assertThat(found).isEqualTo(7);
  }

  @Test
  void aTransactionWithoutStatementsCommitsAndRollsBackWithoutBeginning() {
    db.execute("create table t (id int primary key)");
    String returned = db.write(tx -> "nothing written");
    assertThat(returned).isEqualTo("nothing written");
    try (var tx = db.beginWrite()) {
      assertThat(tx.isOpen()).isTrue();
    } // rolled back
    var tx = db.beginWrite();
    tx.commit();
    assertThat(tx.isOpen()).isFalse();

    // the write lock was released every time
    long inserted = db.write(t -> t.execute("insert into t values (1)"));
    assertThat(inserted).isEqualTo(1);
    assertThat(count(db, "t")).isEqualTo(1);
  }
}
