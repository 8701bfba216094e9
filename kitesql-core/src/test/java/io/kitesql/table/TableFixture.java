package io.kitesql.table;

import io.kitesql.catalog.CatalogStore;
import io.kitesql.catalog.ColumnDef;
import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.options.StorageOptions;
import io.kitesql.storage.KvTransaction;
import io.kitesql.storage.Storage;
import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/** Storage in a temp directory and helpers to create tables and read cursors in tests. */
final class TableFixture {
  private TableFixture() {}

  static Storage open(Path dir) {
    return Storage.open(dir, StorageOptions.defaults().withMapSize(64L << 20));
  }

  /** Creates {@code name} with {@code columns}, primary key and indexes (ids assigned). */
  static TableStore create(
      Storage storage,
      String name,
      List<ColumnDef> columns,
      List<Integer> pk,
      Function<TableDef, TableDef> indexes) {
    var def = indexes.apply(new TableDef(1, name, columns, pk, List.of()));
    return new TableStore(
        storage.write(tx -> CatalogStore.createTable(tx, CatalogStore.load(tx), def)));
  }

  static TableStore create(
      Storage storage, String name, List<ColumnDef> columns, List<Integer> pk) {
    return create(storage, name, columns, pk, t -> t);
  }

  /** Removes the row count the table keeps, as a release before counts were kept left tables. */
  static void forgetRowCount(io.kitesql.storage.WriteTransaction tx, TableDef table) {
    tx.delete(
        io.kitesql.storage.Keyspace.CATALOG,
        java.nio.ByteBuffer.allocate(5).put((byte) 'c').putInt(table.id()).array());
  }

  static IndexDef index(TableStore store, String name) {
    return store.table().index(name).orElseThrow();
  }

  /** All rows of a cursor, closing it. */
  static List<Object[]> drain(TableCursor cursor) {
    try (cursor) {
      var rows = new ArrayList<Object[]>();
      while (cursor.next()) {
        rows.add(cursor.row());
      }
      return rows;
    }
  }

  /** Rows with Text and Binary turned into String and hex, for equality checks (copies!). */
  static List<List<Object>> plain(List<Object[]> rows) {
    return rows.stream().map(TableFixture::plain).toList();
  }

  static List<Object> plain(Object[] row) {
    var out = new ArrayList<Object>(row.length);
    for (var v : row) {
      out.add(
          switch (v) {
            case Text t -> t.toString();
            case Binary b -> "X'" + java.util.HexFormat.of().formatHex(b.toByteArray()) + "'";
            case byte[] b -> "X'" + java.util.HexFormat.of().formatHex(b) + "'";
            case null -> null;
            default -> v;
          });
    }
    return out;
  }

  static int[] all(TableStore store) {
    return java.util.stream.IntStream.range(0, store.layout().columnCount()).toArray();
  }

  static List<List<Object>> scanAll(Storage storage, TableStore store) {
    return storage.read(tx -> plain(drain(store.scan(tx, KeyBounds.all(), all(store)))));
  }

  static List<List<Object>> indexAll(
      KvTransaction tx, TableStore store, String index, int... columns) {
    return plain(drain(store.indexScan(tx, index(store, index), KeyBounds.all(), columns)));
  }

  static Object[] row(Object... values) {
    return Arrays.copyOf(values, values.length);
  }
}
