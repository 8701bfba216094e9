package io.kitesql.table;

import io.kitesql.catalog.CatalogStore;
import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.codec.KeyEncoder;
import io.kitesql.codec.RowEncoder;
import io.kitesql.codec.RowLayout;
import io.kitesql.codec.RowView;
import io.kitesql.options.EngineSwitches;
import io.kitesql.storage.Keyspace;
import io.kitesql.storage.KvTransaction;
import io.kitesql.storage.WriteTransaction;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Rows and index entries of one table version on the storage layer.
 *
 * <p>Key layout in {@link Keyspace#DATA} ({@code prefix} = {@link CatalogStore#tablePrefix}, the
 * table id in 4 big-endian bytes; values memcomparable by {@link KeyEncoder}):
 *
 * <pre>
 *   row:         prefix 'r' pk-values                  → RowEncoder bytes of the full row
 *   index entry: prefix 'i' index-id(4) values pk-values → empty
 *   long value:  prefix 'l' pk-values column(2)          → a value the row stores out of line
 * </pre>
 *
 * where {@code pk-values} are the primary-key columns in key order or, for a table without a
 * primary key, a hidden BIGINT row id from {@link CatalogStore#allocateRowIds} (increasing, so such
 * tables scan in insertion order). Because the primary key ends every index entry, entries are
 * unique even in non-unique indexes, and a covered index scan reads indexed and primary-key columns
 * from the key alone.
 *
 * <p>Writes check every constraint (NOT NULL, PRIMARY KEY, UNIQUE) before their first write, so a
 * failing call leaves nothing behind; statement atomicity across rows is the caller's ({@link
 * WriteTransaction#atomically}). Reads work in any transaction: in a read-only one, text and binary
 * values are borrowed views of the map (zero copy) that live as long as the transaction.
 *
 * <p>Immutable and thread-safe: per-call state (encoders, views) lives in the call or cursor.
 */
public final class TableStore {
  private final TableDef table;
  private final RowLayout layout;
  private final RowEncoder encoder;
  private final TableKeys keys;
  private final IndexMaintenance indexes;

  /** NOT NULL, width and unique-key checks, and the errors they raise. */
  private final RowConstraints constraints;

  /**
   * The bulk statements' writes ({@link #insertAll}, {@link #deleteAll}, {@link #insertCopies}).
   */
  private final BulkRows bulk;

  /** Whether long values move out of line ({@link EngineSwitches#ROWS_OUT_OF_LINE}). */
  private final boolean outOfLine;

  /** The store of {@code table}'s rows; cheap to build (layouts and key prefixes only). */
  public TableStore(TableDef table) {
    this.table = table;
    this.outOfLine = LongValues.writesOutOfLine();
    this.layout = new RowLayout(table.columns().stream().map(c -> c.type()).toList());
    this.encoder = new RowEncoder(layout);
    this.keys = new TableKeys(table);
    this.indexes = new IndexMaintenance(keys);
    this.constraints = new RowConstraints(table, layout, keys);
    this.bulk = new BulkRows(this, keys, indexes, constraints);
  }

  /** The table definition this store reads and writes rows of. */
  public TableDef table() {
    return table;
  }

  /** The row layout of the table's columns, as stored rows are decoded with it. */
  public RowLayout layout() {
    return layout;
  }

  // ---------------------------------------------------------------- writes

  /**
   * Inserts a row (values in column order, already of the column types) with its index entries.
   *
   * @return where the row is stored
   * @throws io.kitesql.KiteSqlException NOT_NULL_VIOLATION, UNIQUE_VIOLATION (PRIMARY KEY or a
   *     unique index), VALUE_OUT_OF_RANGE, KEY_TOO_LARGE; nothing is written then
   */
  public RowRef insert(WriteTransaction tx, Object[] row) {
    var ref = insertOne(tx, row);
    rowsChanged(tx, 1);
    return ref;
  }

  private RowRef insertOne(WriteTransaction tx, Object[] row) {
    var written = insertRow(tx, row);
    indexes.put(tx, written.entries());
    return new RowRef(written.rowKey());
  }

  /** A row {@link #insertRow} wrote, and its index entries, not yet written. */
  record Written(byte[] rowKey, IndexMaintenance.Entries entries) {}

  /** Checks and writes the row of {@link #insert} and its out-of-line values. */
  Written insertRow(WriteTransaction tx, Object[] row) {
    constraints.checkRow(row);
    var enc = new KeyEncoder();
    byte[] rowKey = table.hasHiddenRowId() ? null : keys.rowKey(enc, row);
    int keyLength =
        rowKey == null
            ? TableKeys.ROW_PREFIX_LENGTH + TableKeys.HIDDEN_ROW_ID_LENGTH
            : rowKey.length;
    var value = encoder.encode(row, outOfLine && LongValues.fitsKey(keyLength));
    var entries = indexes.entriesOf(enc, row, rowKey);
    indexes.checkUnique(tx, entries, null, row);
    if (rowKey == null) {
      // Allocated after the checks, so a failing insert does not use up an id.
      rowKey = keys.rowIdKey(CatalogStore.allocateRowIds(tx, table.id(), 1));
      indexes.setRowKey(entries, rowKey);
    }
    if (!tx.putIfAbsent(Keyspace.DATA, rowKey, rowKey.length, value.row())) {
      throw constraints.primaryKeyViolation(row);
    }
    LongValues.put(tx, rowKey, value);
    return new Written(rowKey, entries);
  }

  /**
   * Inserts {@code rows} as {@link #insert} would one by one, for a statement that writes them all
   * or nothing (inside {@link WriteTransaction#atomically}: on a failure, rows already written stay
   * until the block undoes them): rows first, then each index's entries sorted ({@link BulkRows}).
   * A table with a unique secondary index writes row by row: each row's unique check must see the
   * entries of the rows before it.
   *
   * @return the number of rows inserted
   */
  public long insertAll(WriteTransaction tx, List<Object[]> rows) {
    long inserted = rows.size();
    if (rows.size() < 2 || table.indexes().stream().anyMatch(IndexDef::unique)) {
      rows.forEach(row -> insertOne(tx, row));
    } else {
      inserted = bulk.insertAll(tx, rows);
    }
    rowsChanged(tx, inserted);
    return inserted;
  }

  /**
   * Whether {@link #insertCopies} can insert rows of {@code source} here: the same column types (so
   * a stored row of {@code source} is one of this table), a declared primary key, no unique
   * secondary index (whose checks go row by row, see {@link #insertAll}), no identity column, and
   * long values not moved out of line here (the copied bytes keep them inline).
   */
  public boolean takesStoredRowsOf(TableStore source) {
    return bulk.takesStoredRowsOf(source.table, outOfLine);
  }

  /**
   * The columns {@link #insertCopies} needs of each row: the primary-key, indexed and NOT NULL
   * ones.
   */
  public int[] columnsForCopies() {
    return bulk.columnsForCopies();
  }

  /**
   * {@link #insertAll} of rows of a table this one {@link #takesStoredRowsOf}, writing row r's
   * stored bytes {@code stored[r]} as they are (read in this transaction from a table without
   * out-of-line values, {@link #mayHaveLongEntries}); {@code rows[r]} holds its values of {@link
   * #columnsForCopies} (others null), from which keys and entries are computed.
   */
  public long insertCopies(WriteTransaction tx, List<byte[]> stored, List<Object[]> rows) {
    long inserted = bulk.insertCopies(tx, stored, rows);
    rowsChanged(tx, inserted);
    return inserted;
  }

  /**
   * Deletes the rows at {@code refs} ({@code oldRows}: their full current values, as {@link
   * #delete} takes them), for a statement that deletes them all or nothing: rows first, then each
   * index's entries sorted, through the positioned cursor where keys ascend ({@link BulkRows}).
   */
  public void deleteAll(WriteTransaction tx, List<RowRef> refs, List<Object[]> oldRows) {
    bulk.deleteAll(tx, refs, oldRows);
    rowsChanged(tx, -refs.size());
  }

  /**
   * Deletes the row at {@code ref} and its index entries.
   *
   * @param ref where the row is; its {@link RowRef#stored() stored} bytes, if any, must be what the
   *     row holds now (the ref was read in this transaction after the last write to the row, as a
   *     DELETE's own scan reads it): they are recorded for undo instead of reading the row again
   * @param oldRow the row's full current values, as read in this transaction (its index entries are
   *     computed from them)
   */
  public void delete(WriteTransaction tx, RowRef ref, Object[] oldRow) {
    indexes.delete(tx, deleteRow(tx, ref, oldRow, true, false));
    rowsChanged(tx, -1);
  }

  /**
   * Moves the table's kept row count ({@link CatalogStore#rowCount}) by {@code delta} after a
   * statement's writes: in the transaction's memory, stored once at its commit ({@link
   * WriteTransaction#addToCounter}), so a transaction of many one-row statements pays one lookup
   * and one put per table, not per statement. A table without a kept count (created before counts
   * were kept) is counted once here, its rows as written now.
   */
  private void rowsChanged(WriteTransaction tx, long delta) {
    if (delta == 0) {
      return; // a DELETE that matched nothing writes nothing
    }
    if (!CatalogStore.addToRowCount(tx, table.id(), delta)) {
      CatalogStore.saveRowCount(tx, table.id(), countRows(tx));
    }
  }

  /**
   * Deletes the row of {@link #delete} and, if {@code longEntries} (the table may have any: {@link
   * LongValues#any}), its out-of-line values; returns its index entries, not yet deleted.
   */
  IndexMaintenance.Entries deleteRow(
      WriteTransaction tx, RowRef ref, Object[] oldRow, boolean longEntries, boolean inOrder) {
    constraints.checkWidth(oldRow);
    var entries = indexes.entriesOf(new KeyEncoder(), oldRow, ref.key());
    if (ref.stored() != null && inOrder) {
      tx.deleteHoldingInOrder(Keyspace.DATA, ref.key(), ref.stored());
    } else if (ref.stored() != null) {
      tx.deleteHolding(Keyspace.DATA, ref.key(), ref.stored());
    } else {
      tx.delete(Keyspace.DATA, ref.key());
    }
    if (longEntries) {
      LongValues.delete(tx, ref.key(), LongValues.columnsOf(encoder, ref.key(), oldRow));
    }
    return entries;
  }

  /**
   * Replaces the row at {@code ref} ({@code oldRow}, its full current values) by {@code newRow}. A
   * changed primary key moves the row; only index entries whose key changed are rewritten; a unique
   * index is re-checked only when its values changed.
   *
   * @return where the row is stored now
   * @throws io.kitesql.KiteSqlException as {@link #insert}; nothing is written then
   */
  public RowRef update(WriteTransaction tx, RowRef ref, Object[] oldRow, Object[] newRow) {
    return update(tx, ref, oldRow, newRow, true);
  }

  /**
   * {@link #update(WriteTransaction, RowRef, Object[], Object[])} for a statement that asked {@link
   * #mayHaveLongEntries} before its first write: with {@code longEntries} false, the old row's
   * out-of-line entries (it has none) are not deleted.
   */
  public RowRef update(
      WriteTransaction tx, RowRef ref, Object[] oldRow, Object[] newRow, boolean longEntries) {
    constraints.checkWidth(oldRow);
    constraints.checkRow(newRow);
    var enc = new KeyEncoder();
    byte[] oldKey = ref.key();
    byte[] newKey = table.hasHiddenRowId() ? oldKey : keys.rowKey(enc, newRow);
    var value = encoder.encode(newRow, outOfLine && LongValues.fitsKey(newKey.length));
    boolean moved = !Arrays.equals(oldKey, newKey);
    var before = indexes.entriesOf(enc, oldRow, oldKey);
    var after = indexes.entriesOf(enc, newRow, newKey);
    var changed = new boolean[after.keys().length];
    for (int i = 0; i < changed.length; i++) {
      changed[i] = !before.sameValues(i, after);
    }
    indexes.checkUnique(tx, after, changed, newRow);
    if (moved && tx.get(Keyspace.DATA, newKey).isPresent()) {
      throw constraints.primaryKeyViolation(newRow);
    }
    if (moved) {
      tx.delete(Keyspace.DATA, oldKey);
    }
    replaceRow(
        tx,
        oldKey,
        newKey,
        longEntries ? LongValues.columnsOf(encoder, oldKey, oldRow) : null,
        value);
    for (int i = 0; i < changed.length; i++) {
      if (changed[i] || moved) {
        IndexMaintenance.deleteEntry(tx, before.keys()[i]);
        IndexMaintenance.putEntry(tx, after.keys()[i]);
      }
    }
    return new RowRef(newKey);
  }

  /**
   * Writes the row {@code value} at {@code newKey} over the row at {@code oldKey} (the caller
   * deleted that row if the key moved), whose out-of-line columns were {@code before} ({@link
   * LongValues#columnsOf}), with the out-of-line entries: the new row's are written (over the old
   * ones at the same key), and the old row's that the new row does not overwrite are deleted. Long
   * values are rewritten even when unchanged: whether an old row (perhaps written inline) really
   * has an entry is only known by reading it, which in a write transaction copies it.
   */
  static void replaceRow(
      WriteTransaction tx,
      byte[] oldKey,
      byte[] newKey,
      boolean[] before,
      RowEncoder.Encoded value) {
    tx.put(Keyspace.DATA, newKey, value.row());
    LongValues.put(tx, newKey, value);
    if (before != null) {
      boolean moved = !Arrays.equals(oldKey, newKey);
      for (int c = 0; c < before.length; c++) {
        if (before[c] && (moved || !isLong(value, c))) {
          tx.delete(Keyspace.DATA, LongValues.key(oldKey, c));
        }
      }
    }
  }

  private static boolean isLong(RowEncoder.Encoded value, int column) {
    for (int c : value.longColumns()) {
      if (c == column) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether any row of the table has values out of line (one seek; {@link LongValues#any}). Rows
   * found before a statement's first write have none when this says no.
   */
  public boolean mayHaveLongEntries(WriteTransaction tx) {
    return LongValues.any(tx, keys.rowPrefix());
  }

  /**
   * Throws NOT_NULL_VIOLATION if {@code row} has a NULL where its column (or the primary key) does
   * not allow one: what {@link #insert} checks first, for callers that look for a conflicting row
   * before they insert (ON CONFLICT), as PostgreSQL checks a row's constraints before its
   * conflicts.
   */
  public void checkNotNull(Object[] row) {
    constraints.checkRow(row);
  }

  /**
   * The stored row that {@code row} (full, of the column types) collides with in one of the given
   * unique keys: the primary key if {@code primaryKey}, and {@code uniqueIndexes} (keys holding a
   * NULL never collide). Keys are tried in that order; the first collision wins.
   */
  public Optional<RowRef> findConflict(
      WriteTransaction tx, Object[] row, boolean primaryKey, List<IndexDef> uniqueIndexes) {
    return constraints.findConflict(tx, row, primaryKey, uniqueIndexes);
  }

  /**
   * {@code (a, b)=(1, 'x')}: {@code columns} of {@code row} as constraint errors show them (long
   * values cut).
   */
  public String describeKey(List<Integer> columns, Object[] row) {
    return constraints.describeKey(columns, row);
  }

  // ---------------------------------------------------------------- DDL

  /**
   * Writes the entries of {@code index} (CREATE INDEX) for every existing row. For a unique index,
   * duplicates among non-NULL values raise UNIQUE_VIOLATION and the index's entries are removed
   * again.
   */
  public void addIndexEntries(WriteTransaction tx, IndexDef index) {
    SchemaChanges.addIndexEntries(tx, this, keys, indexes, index);
  }

  /** Removes every entry of {@code index} (DROP INDEX). */
  public void removeIndexEntries(WriteTransaction tx, IndexDef index) {
    tx.deletePrefix(Keyspace.DATA, keys.indexPrefix(index));
  }

  /**
   * ALTER TABLE ADD COLUMN: rewrites every row for {@code newTable}, this table with columns
   * appended, giving the new columns {@code newColumnValues} (their DEFAULTs, already of their
   * types). Rows are left alone when every new value is NULL, since rows read columns they predate
   * as NULL. Use a new {@code TableStore(newTable)} afterwards.
   *
   * @throws io.kitesql.KiteSqlException NOT_NULL_VIOLATION for a NULL in a NOT NULL new column of a
   *     table that has rows, VALUE_OUT_OF_RANGE for a value that does not fit its column
   */
  public void rewriteRows(WriteTransaction tx, TableDef newTable, Object[] newColumnValues) {
    SchemaChanges.rewriteRows(tx, this, keys, newTable, newColumnValues);
  }

  // ---------------------------------------------------------------- reads

  /**
   * The row with the given primary key (values in primary-key order, of the key columns' types; for
   * a table without a primary key, the one BIGINT row id), with only {@code columns} filled.
   */
  public Optional<Object[]> get(KvTransaction tx, Object[] primaryKey, int[] columns) {
    return get(tx, new RowRef(keys.rowKeyOf(new KeyEncoder(), primaryKey)), columns);
  }

  /** The row stored at {@code ref}, with only {@code columns} filled. */
  public Optional<Object[]> get(KvTransaction tx, RowRef ref, int[] columns) {
    for (int c : columns) {
      Objects.checkIndex(c, layout.columnCount());
    }
    var stored = tx.get(Keyspace.DATA, ref.key());
    if (stored.isEmpty()) {
      return Optional.empty();
    }
    var longValues = new LongValues();
    longValues.open(tx);
    longValues.row(ref.key(), ref.key().length);
    try {
      return Optional.of(
          RowDecoding.decode(
              new RowView(layout).longValues(longValues),
              stored.get(),
              tx.scope(),
              columns,
              new Object[layout.columnCount()]));
    } finally {
      longValues.close();
    }
  }

  /** Rows in primary-key (row id) order within {@code bounds} over a primary-key prefix. */
  public TableCursor scan(KvTransaction tx, KeyBounds bounds, int[] columns) {
    return scan(tx, bounds, columns, false);
  }

  /** As {@link #scan(KvTransaction, KeyBounds, int[])}, descending if {@code reverse}. */
  public TableCursor scan(KvTransaction tx, KeyBounds bounds, int[] columns, boolean reverse) {
    return tableScan(columns, reverse, false).open(tx, bounds);
  }

  /**
   * Rows in the order of {@code index} within {@code bounds} over a prefix of its columns; ties in
   * primary-key order. Reads rows from the entry keys alone when every requested column is indexed
   * or part of the primary key ({@link #covers}), else looks each row up.
   */
  public TableCursor indexScan(
      KvTransaction tx, IndexDef index, KeyBounds bounds, int[] columns, boolean reverse) {
    return indexScan(index, columns, reverse, false).open(tx, bounds);
  }

  /**
   * A cursor not yet open, for {@link TableCursor#reopen} at each execution of a statement: in
   * primary-key order, or in the order of {@code index} if present; descending if {@code reverse}.
   * With {@code reuseRows} every row is decoded into one array, which the caller must not keep past
   * its next call to {@link TableCursor#next()}.
   */
  public TableCursor cursor(
      Optional<IndexDef> index, int[] columns, boolean reverse, boolean reuseRows) {
    return index.isPresent()
        ? indexScan(index.get(), columns, reverse, reuseRows)
        : tableScan(columns, reverse, reuseRows);
  }

  private RangeCursor tableScan(int[] columns, boolean reverse, boolean reuseRows) {
    var interval =
        new KeyInterval(
            keys.rowPrefix(), keys.rowKeyTypes(), "the primary key of table " + table.name());
    return new TableScanCursor(interval, layout, columns, reverse, reuseRows);
  }

  private RangeCursor indexScan(IndexDef index, int[] columns, boolean reverse, boolean reuseRows) {
    // Bounds may go on into the primary key every entry ends with.
    var types = new ArrayList<>(keys.indexTypes(index));
    types.addAll(keys.rowKeyTypes());
    var interval =
        new KeyInterval(
            keys.indexPrefix(index), types, "index " + index.name() + " of table " + table.name());
    return new IndexScanCursor(interval, keys, index, layout, columns, reverse, reuseRows);
  }

  /** Forward {@link #indexScan(KvTransaction, IndexDef, KeyBounds, int[], boolean)}. */
  public TableCursor indexScan(KvTransaction tx, IndexDef index, KeyBounds bounds, int[] columns) {
    return indexScan(tx, index, bounds, columns, false);
  }

  /** Whether an index scan of {@code index} for {@code columns} reads only entry keys. */
  public boolean covers(IndexDef index, int[] columns) {
    return IndexScanCursor.isCovered(index, keys.pkColumns(), columns);
  }

  /** Measures the table for ANALYZE: its rows and the distinct values of each key prefix. */
  public io.kitesql.catalog.TableStats analyze(KvTransaction tx) {
    return KeyStatistics.measure(tx, keys);
  }

  /**
   * The number of rows: the kept count ({@link CatalogStore#rowCount}), else {@link #countRows}.
   */
  public long count(KvTransaction tx) {
    var kept = CatalogStore.rowCount(tx, table.id());
    return kept.isPresent() ? kept.getAsLong() : countRows(tx);
  }

  /** The number of rows, counted by walking the row keys (reading no row). */
  public long countRows(KvTransaction tx) {
    byte[] prefix = keys.rowPrefix();
    var prefixSegment = MemorySegment.ofArray(prefix);
    long n = 0;
    try (var cursor = tx.openCursor(Keyspace.DATA)) {
      for (boolean on = cursor.seek(prefix); on; on = cursor.next()) {
        if (!TableKeys.startsWith(cursor.key(), prefixSegment)) {
          break;
        }
        n++;
      }
    }
    return n;
  }
}
