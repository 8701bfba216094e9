package io.kitesql.table;

import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.codec.KeyEncoder;
import io.kitesql.codec.RowEncoder;
import io.kitesql.codec.RowView;
import io.kitesql.storage.Keyspace;
import io.kitesql.storage.WriteTransaction;
import io.kitesql.value.Scope;
import java.util.Arrays;
import java.util.Objects;
import java.util.stream.IntStream;

/** The data side of DDL on an existing table: CREATE INDEX and ALTER TABLE ADD COLUMN. */
final class SchemaChanges {
  private SchemaChanges() {}

  /**
   * Writes an entry of {@code index} for every row, then, for a unique index, looks for adjacent
   * duplicates in the finished index (one ordered pass instead of a seek per row).
   */
  static void addIndexEntries(
      WriteTransaction tx,
      TableStore store,
      TableKeys keys,
      IndexMaintenance indexes,
      IndexDef index) {
    var table = store.table();
    for (int c : index.columns()) {
      Objects.checkIndex(c, table.columns().size());
    }
    int[] columns = index.columns().stream().mapToInt(Integer::intValue).toArray();
    var longValues = new LongValues();
    longValues.open(tx);
    var view = new RowView(store.layout()).longValues(longValues);
    var enc = new KeyEncoder();
    int width = store.layout().columnCount();
    try {
      RowBatches.forEach(
          tx,
          keys.rowPrefix(),
          batch -> {
            for (var stored : batch) {
              byte[] rowKey = stored.key().toByteArray();
              longValues.row(rowKey, rowKey.length);
              Object[] row =
                  RowDecoding.decode(view, stored.value(), Scope.OWNED, columns, new Object[width]);
              var values = keys.indexValues(enc, index, row);
              tx.put(Keyspace.DATA, keys.entryKey(values, rowKey), IndexMaintenance.EMPTY);
            }
          });
      var duplicate = index.unique() ? indexes.findDuplicate(tx, index) : null;
      if (duplicate != null) {
        throw Violations.unique(table, "unique index " + index.name(), index.columns(), duplicate);
      }
    } catch (RuntimeException e) {
      // Leave no half-built index behind (a duplicate, or a row whose entry is too large).
      if (tx.isOpen()) {
        tx.deletePrefix(Keyspace.DATA, keys.indexPrefix(index));
      }
      throw e;
    }
  }

  /** Re-encodes every row with the new columns' values appended. */
  static void rewriteRows(
      WriteTransaction tx,
      TableStore store,
      TableKeys keys,
      TableDef newTable,
      Object[] newValues) {
    var table = store.table();
    int oldWidth = table.columns().size();
    int newWidth = newTable.columns().size();
    checkAppended(table, newTable, newValues);
    // Checked before any write, so a failing ADD COLUMN leaves the rows as they were.
    checkNotNull(tx, store, newTable, newValues, oldWidth);
    if (Arrays.stream(newValues).allMatch(v -> v == null)) {
      // Rows read the columns they predate as NULL: nothing to write.
      return;
    }
    var oldEncoder = new RowEncoder(store.layout());
    var encoder = new RowEncoder(new TableStore(newTable).layout());
    var longValues = new LongValues();
    longValues.open(tx);
    var view = new RowView(store.layout()).longValues(longValues);
    int[] all = IntStream.range(0, oldWidth).toArray();
    boolean outOfLine = LongValues.writesOutOfLine();
    RowBatches.forEach(
        tx,
        keys.rowPrefix(),
        batch -> {
          for (var stored : batch) {
            byte[] rowKey = stored.key().toByteArray();
            longValues.row(rowKey, rowKey.length);
            Object[] old =
                RowDecoding.decode(view, stored.value(), Scope.OWNED, all, new Object[oldWidth]);
            Object[] row = Arrays.copyOf(old, newWidth);
            System.arraycopy(newValues, 0, row, oldWidth, newValues.length);
            // The new values may tip the row over the inline budget (or the key may not fit): the
            // out-of-line entries follow the re-encoded row.
            var value = encoder.encode(row, outOfLine && LongValues.fitsKey(rowKey.length));
            TableStore.replaceRow(
                tx, rowKey, rowKey, LongValues.columnsOf(oldEncoder, rowKey, old), value);
          }
        });
  }

  private static void checkAppended(TableDef table, TableDef newTable, Object[] newValues) {
    int oldWidth = table.columns().size();
    int added = newTable.columns().size() - oldWidth;
    if (newTable.id() != table.id()
        || added < 0
        || !newTable.columns().subList(0, oldWidth).equals(table.columns())) {
      throw new IllegalArgumentException(
          "table " + newTable.name() + " is not table " + table.name() + " with columns appended");
    }
    if (newValues.length != added) {
      throw new IllegalArgumentException(
          newValues.length + " values for " + added + " new columns");
    }
  }

  /** A NULL for a NOT NULL new column is only an error when some row would hold it. */
  private static void checkNotNull(
      WriteTransaction tx, TableStore store, TableDef newTable, Object[] newValues, int oldWidth) {
    for (int i = 0; i < newValues.length; i++) {
      if (newValues[i] == null
          && !newTable.columns().get(oldWidth + i).nullable()
          && store.count(tx) > 0) {
        throw Violations.notNull(newTable, oldWidth + i);
      }
    }
  }
}
