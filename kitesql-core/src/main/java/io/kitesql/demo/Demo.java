package io.kitesql.demo;

import io.kitesql.catalog.CatalogStore;
import io.kitesql.catalog.ColumnDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.codec.KeyEncoder;
import io.kitesql.codec.RowEncoder;
import io.kitesql.codec.RowLayout;
import io.kitesql.codec.RowView;
import io.kitesql.storage.Keyspace;
import io.kitesql.storage.Storage;
import io.kitesql.storage.StorageOptions;
import io.kitesql.value.DataType;
import io.kitesql.value.Memory;
import io.kitesql.value.Text;
import java.nio.file.Path;
import java.util.List;

/**
 * Creates (or reopens) a database in {@code ./data}, writes a few rows with long notes, and reads
 * them back in a read-only transaction, showing that the notes are views of the LMDB map.
 *
 * <p>The SQL engine replaces this hand-made table access in a later step; this shows the
 * storage, codec and catalog layers underneath it.
 */
public final class Demo {
  private static final byte ROW_TAG = 'r';

  private Demo() {}

  public static void main(String[] args) {
    var path = Path.of(args.length > 0 ? args[0] : "data");
    try (var storage = Storage.open(path, StorageOptions.defaults().withMapSize(1L << 30))) {
      var table = storage.write(tx -> {
        var catalog = CatalogStore.load(tx);
        return catalog.table("notes").orElseGet(() -> CatalogStore.createTable(tx, catalog, notesTable()));
      });
      var layout = new RowLayout(table.columns().stream().map(ColumnDef::type).toList());
      int run = writeRows(storage, table, layout);
      System.out.printf("database %s: table %s (id %d), run %d wrote 3 rows%n", path.toAbsolutePath(), table.name(), table.id(), run);
      readRows(storage, table, layout);
      System.out.println(storage.stats());
    }
  }

  private static TableDef notesTable() {
    return new TableDef(
        1,
        "notes",
        List.of(ColumnDef.of("id", DataType.INT).notNull(), ColumnDef.of("author", DataType.varchar(40)), ColumnDef.of("body", DataType.VARCHAR)),
        List.of(0),
        List.of());
  }

  private static int writeRows(Storage storage, TableDef table, RowLayout layout) {
    var encoder = new RowEncoder(layout);
    return storage.write(tx -> {
      int first = (int) CatalogStore.allocateRowIds(tx, table.id(), 3);
      int run = (first - 1) / 3 + 1;
      String[] authors = {"ada", "grace", "zoë 🪁"};
      for (int i = 0; i < 3; i++) {
        int id = first + i;
        var body = ("run " + run + ", note " + id + ": " + "kites fly on borrowed wind. ").repeat(200 * (i + 1));
        var key = new KeyEncoder().appendTableId(table.id()).appendRawByte(ROW_TAG).appendInt(id);
        tx.put(Keyspace.DATA, key.array(), key.length(), encoder.encode(new Object[] {id, Text.of(authors[i]), Text.of(body)}));
      }
      return run;
    });
  }

  private static void readRows(Storage storage, TableDef table, RowLayout layout) {
    var prefix = new KeyEncoder().appendTableId(table.id()).appendRawByte(ROW_TAG).toByteArray();
    var view = new RowView(layout);
    try (var tx = storage.beginRead(); var cursor = tx.openCursor(Keyspace.DATA)) {
      int rows = 0;
      for (boolean ok = cursor.seek(prefix); ok; ok = cursor.next()) {
        var key = cursor.key();
        if (key.length() < prefix.length || key.base().get(Memory.BYTE, key.offset() + 4) != ROW_TAG) {
          break;
        }
        var value = cursor.value();
        view.wrap(value.base(), value.offset(), value.length(), tx.scope());
        Text body = view.getText(2);
        if (++rows > 6) {
          continue; // print the first few only
        }
        System.out.printf(
            "  id=%d author=%s body: %d chars, %d UTF-8 bytes, borrowed=%s at 0x%x, starts \"%s...\"%n",
            view.getInt(0), view.getText(1), body.length(), body.utf8Length(), body.isBorrowed(), body.nativeAddress(), body.subSequence(0, 24));
      }
      System.out.printf("read %d rows in a read-only transaction without copying their text%n", rows);
    }
  }
}
