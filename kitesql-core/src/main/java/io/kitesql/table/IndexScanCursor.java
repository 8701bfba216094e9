package io.kitesql.table;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.IndexDef;
import io.kitesql.codec.KeyDecoder;
import io.kitesql.codec.RowLayout;
import io.kitesql.codec.RowView;
import io.kitesql.storage.KvCursor;
import io.kitesql.value.DataType;
import io.kitesql.value.Memory;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * Rows in index order. An entry key is {@code tablePrefix 'i' indexId values pk}, its value empty.
 * When every requested column is an indexed or primary-key column the row comes from the key alone
 * (covered: text is a view of the key, borrowed in a read-only transaction); otherwise the
 * primary-key part of the entry key, behind {@code tablePrefix 'r'}, is the row key to look the row
 * up by, with a second storage cursor kept for the walk. In a read-only transaction those lookups
 * run a batch ahead of the rows handed out ({@link RangeCursor}'s read-ahead), so that long rows'
 * overflow-page misses overlap.
 */
final class IndexScanCursor extends RangeCursor {
  private final String indexName;

  /** The indexed column positions and their types, in index order. */
  private final int[] indexColumns;

  private final DataType[] indexTypes;

  /** The primary-key column positions (empty with a hidden row id) and the row key's types. */
  private final int[] pkColumns;

  private final DataType[] pkTypes;
  private final boolean covered;

  /** Per column: requested? */
  private final boolean[] wanted;

  private final KeyDecoder decoder = new KeyDecoder();
  private final RowView view;

  /** The row key of the current entry: the table's row prefix, then the entry's pk bytes. */
  private byte[] rowKey = new byte[64];

  private int rowKeyLength;

  /** Looks rows up (not covered); opened on the first lookup of a walk. */
  private KvCursor rows;

  /** Keeps {@link #rows} for the next walk in the same read-only transaction. */
  private final CursorSlot rowSlot = new CursorSlot();

  private final LongValues longValues = new LongValues();

  /** Per slot of a read-ahead batch: where the entry key's pk part starts. */
  private final int[] pkStartAt;

  IndexScanCursor(
      KeyInterval interval,
      TableKeys keys,
      IndexDef index,
      RowLayout layout,
      int[] columns,
      boolean reverse,
      boolean reuseRows) {
    super(interval, columns, layout.columnCount(), reverse, reuseRows);
    this.indexName = index.name();
    this.indexColumns = index.columns().stream().mapToInt(Integer::intValue).toArray();
    this.indexTypes = keys.indexTypes(index).toArray(DataType[]::new);
    this.pkColumns = keys.pkColumns();
    this.pkTypes = keys.rowKeyTypes().toArray(DataType[]::new);
    this.wanted = new boolean[width];
    for (int c : columns) {
      wanted[c] = true;
    }
    this.covered = isCovered(index, pkColumns, columns);
    this.view = covered ? null : new RowView(layout).longValues(longValues);
    this.pkStartAt = covered ? null : new int[readAheadLimit()];
    System.arraycopy(keys.rowPrefix(), 0, rowKey, 0, TableKeys.ROW_PREFIX_LENGTH);
  }

  /** Whether the key alone holds every requested column. */
  static boolean isCovered(IndexDef index, int[] pkColumns, int[] columns) {
    for (int c : columns) {
      if (!index.columns().contains(c) && Arrays.stream(pkColumns).noneMatch(p -> p == c)) {
        return false;
      }
    }
    return true;
  }

  /** Whether this cursor reads rows from the index key alone. */
  boolean covered() {
    return covered;
  }

  @Override
  protected Object[] decode(MemorySegment keyBase, long keyOffset, int keyLength, KvCursor cursor) {
    if (!covered) {
      copyRowKey(keyBase, keyOffset, keyLength, pkStart(keyBase, keyOffset, keyLength));
      return lookUp();
    }
    decoder.wrap(keyBase, keyOffset, keyLength);
    decoder.readTableId();
    decoder.readRawByte();
    decoder.readTableId();
    var row = rowArray();
    for (int i = 0; i < indexColumns.length; i++) {
      readOrSkip(row, indexColumns[i], indexTypes[i]);
    }
    copyRowKey(keyBase, keyOffset, keyLength, decoder.position());
    // The pk part: declared pk columns, or the hidden row id (not a column: skipped).
    for (int i = 0; i < pkTypes.length; i++) {
      if (pkColumns.length == 0) {
        decoder.skip(pkTypes[i]);
      } else {
        readOrSkip(row, pkColumns[i], pkTypes[i]);
      }
    }
    return row;
  }

  private void readOrSkip(Object[] row, int column, DataType type) {
    if (wanted[column]) {
      row[column] = decoder.readValue(type, tx.scope());
    } else {
      decoder.skip(type);
    }
  }

  /** Copies the entry's pk bytes (from {@code pkStart}) behind the row prefix: a few bytes. */
  private void copyRowKey(MemorySegment keyBase, long keyOffset, int keyLength, int pkStart) {
    int pk = keyLength - pkStart;
    rowKeyLength = TableKeys.ROW_PREFIX_LENGTH + pk;
    if (rowKey.length < rowKeyLength) {
      rowKey = Arrays.copyOf(rowKey, Math.max(rowKeyLength, 2 * rowKey.length));
    }
    MemorySegment.copy(
        keyBase, Memory.BYTE, keyOffset + pkStart, rowKey, TableKeys.ROW_PREFIX_LENGTH, pk);
  }

  private Object[] lookUp() {
    seekRow();
    int valueLength = rows.valueLength();
    lookedUp(valueLength);
    return decodeRow(rows.valueBase(), rows.valueOffset(), valueLength);
  }

  /** Moves the row-lookup cursor onto the row at {@link #rowKey}. */
  private void seekRow() {
    if (rows == null) {
      rows = rowSlot.open(tx);
    }
    if (!rows.seekExact(rowKey, rowKeyLength)) {
      throw new KiteSqlException(
          ErrorCode.CORRUPT_RECORD,
          "index " + indexName + " has an entry for a row that does not exist");
    }
  }

  /** Decodes the row stored at the given value, whose key is {@link #rowKey}. */
  private Object[] decodeRow(MemorySegment valueBase, long valueOffset, int valueLength) {
    view.wrap(valueBase, valueOffset, valueLength, tx.scope());
    longValues.transaction(tx);
    if (tx.isReadOnly()) {
      longValues.lend(rows, false); // only ever sought
    }
    longValues.row(rowKey, rowKeyLength);
    return RowDecoding.fill(view, columns, rowArray());
  }

  @Override
  protected boolean readsAhead() {
    return !covered;
  }

  @Override
  protected void locate(
      int slot, MemorySegment keyBase, long keyOffset, int keyLength, KvCursor cursor) {
    int pkStart = pkStart(keyBase, keyOffset, keyLength);
    pkStartAt[slot] = pkStart;
    copyRowKey(keyBase, keyOffset, keyLength, pkStart);
    seekRow();
    valueLengthAt[slot] = rows.valueLength();
    aheadValueBase = rows.valueBase();
    valueAt[slot] = rows.valueOffset();
  }

  @Override
  protected Object[] decodeAhead(int slot, KvCursor cursor) {
    copyRowKey(aheadBase, keyAt[slot], keyLengthAt[slot], pkStartAt[slot]);
    return decodeRow(aheadValueBase, valueAt[slot], valueLengthAt[slot]);
  }

  /**
   * Where the pk part of the index entry key starts: after the table id, tag, index id and indexed
   * values.
   */
  private int pkStart(MemorySegment keyBase, long keyOffset, int keyLength) {
    decoder.wrap(keyBase, keyOffset, keyLength);
    decoder.readTableId();
    decoder.readRawByte();
    decoder.readTableId();
    for (var type : indexTypes) {
      decoder.skip(type);
    }
    return decoder.position();
  }

  @Override
  protected void closeWalk() {
    longValues.close();
    if (rows != null) {
      rowSlot.release(tx, rows);
      rows = null;
    }
  }

  @Override
  protected RowView view() {
    return view; // null when covered: rows come from the index key
  }

  @Override
  protected byte[] currentRowKey() {
    return Arrays.copyOf(rowKey, rowKeyLength);
  }
}
