package io.kitesql.table;

import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.codec.KeyEncoder;
import io.kitesql.storage.Keyspace;
import io.kitesql.storage.WriteTransaction;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * The writes of a {@link TableStore}'s bulk statements: rows first, in their source's order, then
 * each index's entries sorted ({@link KeySort}), so that consecutive keys land on the leaf page the
 * transaction's positioned cursor stands on instead of each descending the B-tree. Every method
 * runs inside the statement's atomic block: on a failure, what it wrote stays until the block
 * undoes it. See docs/storage.md, "Bulk DML and one-row statements".
 */
final class BulkRows {
  private final TableStore store;
  private final TableDef table;
  private final TableKeys keys;
  private final IndexMaintenance indexes;
  private final RowConstraints constraints;

  BulkRows(TableStore store, TableKeys keys, IndexMaintenance indexes, RowConstraints constraints) {
    this.store = store;
    this.table = store.table();
    this.keys = keys;
    this.indexes = indexes;
    this.constraints = constraints;
  }

  /** {@link TableStore#insertAll} for a table without a unique secondary index. */
  long insertAll(WriteTransaction tx, List<Object[]> rows) {
    var entries = new byte[table.indexes().size()][rows.size()][];
    for (int r = 0; r < rows.size(); r++) {
      var keysOfRow = store.insertRow(tx, rows.get(r)).entries().keys();
      for (int i = 0; i < keysOfRow.length; i++) {
        entries[i][r] = keysOfRow[i];
      }
    }
    indexes.putSorted(tx, entries);
    return rows.size();
  }

  /**
   * {@link TableStore#takesStoredRowsOf}; {@code outOfLine}: whether this table moves long values
   * out of line.
   */
  boolean takesStoredRowsOf(TableDef source, boolean outOfLine) {
    var columns = table.columns();
    var theirs = source.columns();
    if (columns.size() != theirs.size()
        || table.hasHiddenRowId()
        || outOfLine
        || table.indexes().stream().anyMatch(IndexDef::unique)) {
      return false;
    }
    for (int c = 0; c < columns.size(); c++) {
      if (!columns.get(c).type().equals(theirs.get(c).type())
          || columns.get(c).identity().isPresent()) {
        return false;
      }
    }
    return true;
  }

  /** {@link TableStore#columnsForCopies}. */
  int[] columnsForCopies() {
    var needed = new BitSet();
    for (int c : keys.pkColumns()) {
      needed.set(c);
    }
    table.indexes().forEach(index -> index.columns().forEach(needed::set));
    for (int c = 0; c < table.columns().size(); c++) {
      if (!table.columns().get(c).nullable()) {
        needed.set(c);
      }
    }
    return needed.stream().toArray();
  }

  /** {@link TableStore#insertCopies}. */
  long insertCopies(WriteTransaction tx, List<byte[]> stored, List<Object[]> rows) {
    var entries = new byte[table.indexes().size()][rows.size()][];
    var enc = new KeyEncoder();
    for (int r = 0; r < rows.size(); r++) {
      var row = rows.get(r);
      constraints.checkRow(row);
      byte[] rowKey = keys.rowKey(enc, row);
      var keysOfRow = indexes.entriesOf(enc, row, rowKey).keys();
      if (!tx.putIfAbsent(Keyspace.DATA, rowKey, rowKey.length, stored.get(r))) {
        throw constraints.primaryKeyViolation(row);
      }
      for (int i = 0; i < keysOfRow.length; i++) {
        entries[i][r] = keysOfRow[i];
      }
    }
    indexes.putSorted(tx, entries);
    return rows.size();
  }

  /**
   * {@link TableStore#deleteAll}. It asks once whether the table has out-of-line entries at all
   * ({@link LongValues#any}). Rows whose keys ascend (a scan in primary-key order) and every
   * index's sorted entries go through the positioned cursor ({@link
   * WriteTransaction#deleteHoldingInOrder}), which finds most keys on the leaf page it stands on,
   * where {@code mdb_del} descends from the root for each; rows found through an index go by {@code
   * mdb_del}.
   */
  void deleteAll(WriteTransaction tx, List<RowRef> refs, List<Object[]> oldRows) {
    boolean longEntries = refs.size() < 2 || LongValues.any(tx, keys.rowPrefix());
    var entries = new byte[table.indexes().size()][refs.size()][];
    boolean inOrder = ascending(refs);
    for (int r = 0; r < refs.size(); r++) {
      var keysOfRow = store.deleteRow(tx, refs.get(r), oldRows.get(r), longEntries, inOrder).keys();
      for (int i = 0; i < keysOfRow.length; i++) {
        entries[i][r] = keysOfRow[i];
      }
    }
    for (int i = 0; i < entries.length; i++) {
      KeySort.sort(entries[i], keys.indexPrefix(table.indexes().get(i)).length);
      for (var key : entries[i]) {
        IndexMaintenance.deleteEntryInOrder(tx, key);
      }
    }
  }

  /** Whether the row keys of {@code refs} ascend (a DELETE that scanned the primary key). */
  private static boolean ascending(List<RowRef> refs) {
    for (int i = 1; i < refs.size(); i++) {
      if (Arrays.compareUnsigned(refs.get(i - 1).key(), refs.get(i).key()) >= 0) {
        return false;
      }
    }
    return true;
  }
}
