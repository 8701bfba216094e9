package io.kitesql.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.options.StorageOptions;
import io.kitesql.storage.Keyspace;
import io.kitesql.storage.Storage;
import io.kitesql.value.DataType;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CatalogStoreTest {
  @TempDir Path dir;

  static StorageOptions options() {
    return StorageOptions.defaults().withMapSize(64L << 20);
  }

  static TableDef orders() {
    var columns =
        List.of(
            ColumnDef.of("id", DataType.INT).notNull(),
            ColumnDef.of("customer_id", DataType.INT),
            ColumnDef.of("status", DataType.varchar(16)).withDefault("'new'"),
            ColumnDef.of("amount", DataType.decimal(12, 2)),
            ColumnDef.of("note", DataType.VARCHAR),
            ColumnDef.of("placed", DataType.TIMESTAMP),
            ColumnDef.of("payload", DataType.varbinary(64)));
    return new TableDef(1, "orders", columns, List.of(0), List.of())
        .withIndex("orders_customer_status", List.of(1, 2), false)
        .withIndex("orders_note", List.of(4), true);
  }

  @Test
  void tablesIndexesAndConstraintsSurviveReopening() {
    TableDef created;
    try (var storage = Storage.open(dir, options())) {
      created =
          storage.write(
              tx -> {
                var t = CatalogStore.createTable(tx, CatalogStore.load(tx), orders());
                CatalogStore.createTable(
                    tx,
                    CatalogStore.load(tx),
                    new TableDef(
                        1,
                        "events",
                        List.of(ColumnDef.of("body", DataType.VARCHAR)),
                        List.of(),
                        List.of()));
                return t;
              });
    }
    try (var storage = Storage.open(dir, options())) {
      var catalog = storage.read(CatalogStore::load);
      assertThat(catalog.tables()).hasSize(2);
      var loaded = catalog.requireTable("orders");
      assertThat(catalog.table("ORDERS"))
          .isEmpty(); // names are stored folded and looked up exactly
      assertThat(loaded).isEqualTo(created);
      assertThat(loaded.columns().get(2).defaultSql()).contains("'new'");
      assertThat(loaded.columns().get(0).nullable()).isFalse();
      assertThat(loaded.columns().get(3).type()).isEqualTo(DataType.decimal(12, 2));
      assertThat(loaded.index("orders_customer_status").orElseThrow().columns())
          .containsExactly(1, 2);
      assertThat(loaded.index("orders_note").orElseThrow().unique()).isTrue();
      assertThat(catalog.requireTable("events").hasHiddenRowId()).isTrue();
      assertThat(catalog.indexOwner("orders_note")).contains(loaded);
      assertThat(catalog.requireTable("events").id()).isNotEqualTo(loaded.id());
    }
  }

  @Test
  void ddlRollsBackWithItsTransaction() {
    try (var storage = Storage.open(dir, options())) {
      try (var tx = storage.beginWrite()) {
        CatalogStore.createTable(tx, CatalogStore.load(tx), orders());
        assertThat(CatalogStore.load(tx).table("orders")).isPresent();
      } // rolled back
      assertThat(storage.read(CatalogStore::load).tables()).isEmpty();
    }
  }

  @Test
  void duplicateNamesAreRefused() {
    try (var storage = Storage.open(dir, options())) {
      storage.write(tx -> CatalogStore.createTable(tx, CatalogStore.load(tx), orders()));
      assertThatThrownBy(
              () ->
                  storage.write(
                      tx -> CatalogStore.createTable(tx, CatalogStore.load(tx), orders())))
          .isInstanceOf(KiteSqlException.class)
          .hasMessageContaining("already exists")
          .satisfies(
              e ->
                  assertThat(((KiteSqlException) e).errorCode())
                      .isEqualTo(ErrorCode.CATALOG_CONFLICT));
      // names differing in case are different names (the binder folds unquoted ones first)
      assertThat(
              new TableDef(
                      1,
                      "t",
                      List.of(ColumnDef.of("a", DataType.INT), ColumnDef.of("A", DataType.INT)),
                      List.of(),
                      List.of())
                  .columnPosition("A"))
          .contains(1);
      assertThatThrownBy(
              () ->
                  new TableDef(
                      1,
                      "t",
                      List.of(ColumnDef.of("a", DataType.INT), ColumnDef.of("a", DataType.INT)),
                      List.of(),
                      List.of()))
          .isInstanceOf(KiteSqlException.class)
          .hasMessageContaining("declared twice");
    }
  }

  @Test
  void dropTableRemovesDefinitionRowsAndSequenceButNotOtherTables() {
    try (var storage = Storage.open(dir, options())) {
      var tables =
          storage.write(
              tx -> {
                var a = CatalogStore.createTable(tx, CatalogStore.load(tx), orders());
                var b =
                    CatalogStore.createTable(
                        tx,
                        CatalogStore.load(tx),
                        new TableDef(
                            1,
                            "other",
                            List.of(ColumnDef.of("x", DataType.INT)),
                            List.of(),
                            List.of()));
                for (var t : List.of(a, b)) {
                  for (int i = 0; i < 3; i++) {
                    var key =
                        java.nio.ByteBuffer.allocate(8)
                            .put(CatalogStore.tablePrefix(t.id()))
                            .putInt(i)
                            .array();
                    tx.put(Keyspace.DATA, key, new byte[] {1});
                  }
                }
                assertThat(CatalogStore.allocateRowIds(tx, b.id(), 10)).isEqualTo(1L);
                assertThat(CatalogStore.allocateRowIds(tx, b.id(), 1)).isEqualTo(11L);
                return List.of(a, b);
              });
      storage.write(
          tx -> {
            CatalogStore.dropTable(tx, tables.get(0));
            return null;
          });
      storage.read(
          tx -> {
            assertThat(CatalogStore.load(tx).tables())
                .extracting(TableDef::name)
                .containsExactly("other");
            int rows = 0;
            try (var c = tx.openCursor(Keyspace.DATA)) {
              for (boolean ok = c.first(); ok; ok = c.next()) {
                assertThat(c.key().toByteArray())
                    .startsWith(CatalogStore.tablePrefix(tables.get(1).id()));
                rows++;
              }
            }
            assertThat(rows).isEqualTo(3);
            return null;
          });
      // sequences continue after reopen-style reload
      long next = storage.write(tx -> CatalogStore.allocateRowIds(tx, tables.get(1).id(), 1));
      assertThat(next).isEqualTo(12L);
    }
  }

  /** Found by SqlFuzzTest: a 190 KB quoted table name escaped as UncheckedIOException. */
  @Test
  void namesTooLongToStoreAreRefusedAsInvalidValues() {
    try (var db = io.kitesql.api.KiteSql.open(dir, options())) {
      var name = "x".repeat(70_000);
      assertThatThrownBy(() -> db.execute("CREATE TABLE \"" + name + "\" (a INT)"))
          .isInstanceOf(KiteSqlException.class)
          .hasMessageContaining("too long to store")
          .extracting(e -> ((KiteSqlException) e).errorCode())
          .isEqualTo(ErrorCode.INVALID_VALUE);
      assertThatThrownBy(() -> db.execute("CREATE TABLE t (\"" + name + "\" INT)"))
          .isInstanceOf(KiteSqlException.class)
          .hasMessageContaining("too long to store");
      db.execute("CREATE TABLE t (a INT)"); // nothing of the refused statements was left behind
      assertThat(db.catalog().tables()).hasSize(1);
    }
  }
}
