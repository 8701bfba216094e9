package io.kitesql.table;

import static io.kitesql.table.TableFixture.create;
import static io.kitesql.table.TableFixture.drain;
import static io.kitesql.table.TableFixture.plain;
import static io.kitesql.table.TableFixture.row;
import static io.kitesql.table.TableFixture.scanAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.CatalogStore;
import io.kitesql.catalog.ColumnDef;
import io.kitesql.storage.Storage;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CREATE INDEX, DROP INDEX and ADD COLUMN over existing rows; more rows than one batch. */
class SchemaChangesTest {
  static final int ROWS = 3 * RowBatches.BATCH + 17;

  @TempDir Path dir;
  Storage storage;
  TableStore store;

  @BeforeEach
  void fill() {
    storage = TableFixture.open(dir);
    store =
        create(
            storage,
            "items",
            List.of(
                ColumnDef.of("id", DataType.INT),
                ColumnDef.of("code", DataType.VARCHAR),
                ColumnDef.of("grp", DataType.INT)),
            List.of(0));
    storage.write(
        tx -> {
          for (int i = 0; i < ROWS; i++) {
            // code unique except NULL for every 10th; grp repeats.
            store.insert(tx, row(i, i % 10 == 0 ? null : Text.of("c" + i), i % 7));
          }
          return null;
        });
  }

  @AfterEach
  void close() {
    storage.close();
  }

  TableStore withIndex(String name, List<Integer> columns, boolean unique) {
    var def = store.table().withIndex(name, columns, unique);
    var next = new TableStore(def);
    storage.write(
        tx -> {
          CatalogStore.saveTable(tx, def);
          next.addIndexEntries(tx, def.index(name).orElseThrow());
          return null;
        });
    return next;
  }

  @Test
  void createIndexCoversEveryExistingRowAndIsMaintainedAfterwards() {
    var indexed = withIndex("items_grp", List.of(2), false);
    var idx = TableFixture.index(indexed, "items_grp");
    storage.read(
        tx -> {
          var group3 =
              plain(drain(indexed.indexScan(tx, idx, KeyBounds.equal(3), new int[] {0, 2})));
          assertThat(group3)
              .hasSize(
                  (int) java.util.stream.IntStream.range(0, ROWS).filter(i -> i % 7 == 3).count());
          assertThat(group3).allMatch(r -> ((Integer) r.get(0)) % 7 == 3);
          assertThat(drain(indexed.indexScan(tx, idx, KeyBounds.all(), new int[] {0})))
              .hasSize(ROWS);
          return null;
        });
    storage.write(tx -> indexed.insert(tx, row(ROWS, null, 3)));
    storage.read(
        tx -> {
          assertThat(drain(indexed.indexScan(tx, idx, KeyBounds.equal(3), new int[] {0})))
              .last()
              .satisfies(r -> assertThat(r[0]).isEqualTo(ROWS));
          return null;
        });
  }

  @Test
  void createUniqueIndexAllowsNullsAndRejectsDuplicates() {
    var unique = withIndex("items_code", List.of(1), true);
    var idx = TableFixture.index(unique, "items_code");
    storage.read(
        tx -> {
          assertThat(drain(unique.indexScan(tx, idx, KeyBounds.all(), new int[] {1})))
              .hasSize(ROWS);
          return null;
        });
    assertThatThrownBy(() -> storage.write(tx -> unique.insert(tx, row(ROWS, Text.of("c5"), 0))))
        .hasMessageContaining("items_code");

    // A duplicate among existing rows fails CREATE UNIQUE INDEX and leaves no entries behind.
    var def = store.table().withIndex("items_grp_u", List.of(2), true);
    var next = new TableStore(def);
    var grp = def.index("items_grp_u").orElseThrow();
    storage.write(
        tx -> {
          assertThatThrownBy(() -> next.addIndexEntries(tx, grp))
              .isInstanceOfSatisfying(
                  KiteSqlException.class,
                  e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.UNIQUE_VIOLATION))
              .hasMessageContaining("items_grp_u")
              .hasMessageContaining("(grp)=(0)");
          assertThat(drain(next.indexScan(tx, grp, KeyBounds.all(), new int[] {2}))).isEmpty();
          return null;
        });
  }

  @Test
  void createIndexWithAnEntryTooLargeLeavesNoEntries() {
    storage.write(tx -> store.insert(tx, row(ROWS, Text.of("x".repeat(498)), 0)));
    var def = store.table().withIndex("items_code", List.of(1), false);
    var next = new TableStore(def);
    var code = def.index("items_code").orElseThrow();
    storage.write(
        tx -> {
          assertThatThrownBy(() -> next.addIndexEntries(tx, code))
              .isInstanceOfSatisfying(
                  KiteSqlException.class,
                  e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.KEY_TOO_LARGE))
              .hasMessageContaining("items_code");
          assertThat(drain(next.indexScan(tx, code, KeyBounds.all(), new int[] {1}))).isEmpty();
          return null;
        });
  }

  @Test
  void dropIndexRemovesOnlyItsEntries() {
    withIndex("items_grp", List.of(2), false);
    var both =
        new TableStore(
            store
                .table()
                .withIndex("items_grp", List.of(2), false)
                .withIndex("items_code", List.of(1), false));
    var code = TableFixture.index(both, "items_code");
    var grp = TableFixture.index(both, "items_grp");
    storage.write(
        tx -> {
          both.addIndexEntries(tx, code);
          both.removeIndexEntries(tx, grp);
          return null;
        });
    storage.read(
        tx -> {
          assertThat(drain(both.indexScan(tx, grp, KeyBounds.all(), new int[] {2}))).isEmpty();
          assertThat(drain(both.indexScan(tx, code, KeyBounds.all(), new int[] {1}))).hasSize(ROWS);
          assertThat(both.count(tx)).isEqualTo(ROWS);
          return null;
        });
  }

  @Test
  void addColumnWithDefaultRewritesEveryRow() {
    var def =
        store
            .table()
            .withColumn(ColumnDef.of("status", DataType.varchar(8)).notNull().withDefault("'new'"))
            .withColumn(ColumnDef.of("extra", DataType.BIGINT));
    storage.write(
        tx -> {
          store.rewriteRows(tx, def, row(Text.of("new"), null));
          return null;
        });
    var next = new TableStore(def);
    var rows = scanAll(storage, next);
    assertThat(rows).hasSize(ROWS);
    assertThat(rows).allMatch(r -> r.get(3).equals("new") && r.get(4) == null);
    assertThat(rows.get(1)).isEqualTo(plain(row(1, "c1", 1, "new", null)));
  }

  @Test
  void addColumnChecksBeforeWriting() {
    var before = scanAll(storage, store);
    var notNull = store.table().withColumn(ColumnDef.of("status", DataType.VARCHAR).notNull());
    assertThatThrownBy(
            () ->
                storage.write(
                    tx -> {
                      store.rewriteRows(tx, notNull, row((Object) null));
                      return null;
                    }))
        .isInstanceOfSatisfying(
            KiteSqlException.class,
            e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.NOT_NULL_VIOLATION))
        .hasMessageContaining("status");
    var tooLong = store.table().withColumn(ColumnDef.of("status", DataType.varchar(2)));
    storage.write(
        tx -> {
          assertThatThrownBy(() -> store.rewriteRows(tx, tooLong, row(Text.of("toolong"))))
              .isInstanceOfSatisfying(
                  KiteSqlException.class,
                  e -> assertThat(e.errorCode()).isEqualTo(ErrorCode.VALUE_OUT_OF_RANGE));
          assertThat(plain(drain(store.scan(tx, KeyBounds.all(), TableFixture.all(store)))))
              .isEqualTo(before);
          return null;
        });
    // A nullable column without DEFAULT writes nothing: old rows read it as NULL.
    var nullable = store.table().withColumn(ColumnDef.of("note", DataType.VARCHAR));
    storage.write(
        tx -> {
          store.rewriteRows(tx, nullable, row((Object) null));
          return null;
        });
    assertThat(scanAll(storage, new TableStore(nullable)))
        .allMatch(r -> r.size() == 4 && r.get(3) == null);
  }
}
