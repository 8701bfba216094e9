package io.kitesql.table;

import io.kitesql.codec.KeyLimits;
import io.kitesql.codec.LongValueSource;
import io.kitesql.codec.RowEncoder;
import io.kitesql.options.EngineSwitches;
import io.kitesql.storage.Keyspace;
import io.kitesql.storage.KvCursor;
import io.kitesql.storage.KvTransaction;
import io.kitesql.storage.WriteTransaction;
import io.kitesql.value.Memory;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;

/**
 * The values rows store out of line ({@link io.kitesql.codec.RowLayout}), each in an entry of its
 * own in {@link Keyspace#DATA}: {@code tablePrefix 'l' pk column(u16)} → the value's bytes, i.e.
 * the row key with the tag {@code 'l'} instead of {@code 'r'} and the column behind it. The row
 * keeps the value's lengths and flags, so only reading the value itself looks the entry up.
 *
 * <p>An instance reads them for one row view ({@link LongValueSource}): told the current row's key,
 * it builds the entry key only when a long value is asked for. In a read-only transaction it seeks
 * with a storage cursor (a scan's own, {@link #lend}, or one it keeps open for the walk; LMDB hands
 * out an overflow value's address without touching the overflow page), so the value is lent from
 * the map like the row. In a write transaction it uses {@code get} (an owned copy, as every value
 * there): DDL walks rows with no cursor open. Not thread-safe.
 */
final class LongValues implements LongValueSource {
  /** The bytes behind the row key's pk: the column, u16 big-endian. */
  static final int COLUMN_SUFFIX = 2;

  private KvTransaction tx;

  /** The cursor this instance opened for its lookups (none while a scan lends its own). */
  private KvCursor cursor;

  /** A cursor of the scan lent for lookups, or null. */
  private KvCursor lent;

  /** Whether the lent cursor must be put back on the row afterwards (it walks the rows). */
  private boolean restore;

  /** The entry key being built: the row key with {@code 'l'}, then the column. */
  private byte[] key = new byte[64];

  private int rowKeyLength = -1;
  private MemorySegment rowKeyBase;
  private long rowKeyOffset;
  private byte[] rowKeyArray;
  private MemorySegment base;
  private long offset;
  private int length;

  /** Reads in {@code tx} from now on, closing the cursor of an earlier walk. */
  void open(KvTransaction tx) {
    close();
    this.tx = tx;
  }

  /**
   * The current row is in {@code tx} (a scan cursor reopened on another transaction passes the new
   * one: the cursor of the old walk is closed then).
   */
  void transaction(KvTransaction tx) {
    if (tx != this.tx) {
      open(tx);
    }
  }

  /**
   * Looks values up with {@code scanCursor} (a cursor of the caller's walk on {@code DATA} in a
   * read-only transaction) rather than a cursor of its own: opening one per execution would be an
   * allocation per execution. With {@code restore}, the cursor stands on the row key again after
   * each lookup (it is the cursor that walks the rows: one more seek per long value read); without,
   * the caller only ever seeks it (the row lookups of an index scan).
   */
  void lend(KvCursor scanCursor, boolean restore) {
    this.lent = scanCursor;
    this.restore = restore;
  }

  /** The current row's key: {@code length} bytes of {@code keyBase} at {@code keyOffset}. */
  void row(MemorySegment keyBase, long keyOffset, int keyLength) {
    this.rowKeyBase = keyBase;
    this.rowKeyOffset = keyOffset;
    this.rowKeyArray = null;
    this.rowKeyLength = keyLength;
  }

  /**
   * The current row's key: the first {@code keyLength} bytes of {@code rowKey} (not copied: keep
   * it).
   */
  void row(byte[] rowKey, int keyLength) {
    this.rowKeyArray = rowKey;
    this.rowKeyBase = null;
    this.rowKeyLength = keyLength;
  }

  @Override
  public boolean find(int column) {
    if (rowKeyLength < 0) {
      throw new IllegalStateException("no current row");
    }
    int n = rowKeyLength + COLUMN_SUFFIX;
    if (key.length < n) {
      key = Arrays.copyOf(key, Math.max(n, 2 * key.length));
    }
    if (rowKeyArray != null) {
      System.arraycopy(rowKeyArray, 0, key, 0, rowKeyLength);
    } else {
      MemorySegment.copy(rowKeyBase, Memory.BYTE, rowKeyOffset, key, 0, rowKeyLength);
    }
    key[TableKeys.ROW_PREFIX_LENGTH - 1] = TableKeys.LONG_TAG;
    key[rowKeyLength] = (byte) (column >>> 8);
    key[rowKeyLength + 1] = (byte) column;
    if (tx.isReadOnly()) {
      var c = lent;
      if (c == null) {
        if (cursor == null) {
          cursor = tx.openCursor(Keyspace.DATA);
        }
        c = cursor;
      }
      boolean found = c.seekExact(key, n);
      if (found) {
        // Read out at once: a Slice kept past a branch would not be scalar-replaced (32 bytes a
        // value).
        var value = c.value();
        base = value.base();
        offset = value.offset();
        length = value.length();
      }
      if (lent != null && restore) {
        key[TableKeys.ROW_PREFIX_LENGTH - 1] = TableKeys.ROW_TAG;
        if (!c.seekExact(key, rowKeyLength)) {
          throw new IllegalStateException(
              "the row being read vanished from a read-only transaction");
        }
      }
      return found;
    }
    var found = tx.get(Keyspace.DATA, key, n);
    if (found.isEmpty()) {
      return false;
    }
    base = found.get().base();
    offset = found.get().offset();
    length = found.get().length();
    return true;
  }

  @Override
  public MemorySegment base() {
    return base;
  }

  @Override
  public long offset() {
    return offset;
  }

  @Override
  public int length() {
    return length;
  }

  /**
   * Closes the cursor of the walk (if its transaction still lives) and forgets the row and
   * transaction.
   */
  void close() {
    if (cursor != null) {
      if (tx.isOpen()) {
        cursor.close();
      }
      cursor = null;
    }
    tx = null;
    lent = null;
    rowKeyLength = -1;
    rowKeyBase = null;
    rowKeyArray = null;
    base = null;
  }

  // ---------------------------------------------------------------- writes

  /**
   * Whether stores built now move long values out of line (row format version 2; {@link
   * EngineSwitches#ROWS_OUT_OF_LINE}). Off by default: measured in one JVM (docs/storage.md, "Long
   * rows: measured"), a lookup per long value read costs more than the overflow page it saves as
   * long as every read of a long column needs the value's address, while scans of small columns
   * gain little. Reading is unaffected: both versions always read.
   */
  static boolean writesOutOfLine() {
    return EngineSwitches.rowsOutOfLine();
  }

  /** Whether a row with this key can have values out of line (their keys are 2 bytes longer). */
  static boolean fitsKey(int rowKeyLength) {
    return rowKeyLength + COLUMN_SUFFIX <= KeyLimits.MAX_KEY_SIZE;
  }

  /** The entry key of {@code column}'s out-of-line value of the row at {@code rowKey}. */
  static byte[] key(byte[] rowKey, int column) {
    var key = Arrays.copyOf(rowKey, rowKey.length + COLUMN_SUFFIX);
    key[TableKeys.ROW_PREFIX_LENGTH - 1] = TableKeys.LONG_TAG;
    key[rowKey.length] = (byte) (column >>> 8);
    key[rowKey.length + 1] = (byte) column;
    return key;
  }

  /** Stores the out-of-line values of {@code row}, to be kept at {@code rowKey}. */
  static void put(WriteTransaction tx, byte[] rowKey, RowEncoder.Encoded row) {
    for (int k = 0; k < row.longColumns().length; k++) {
      tx.put(Keyspace.DATA, key(rowKey, row.longColumns()[k]), row.longValues()[k]);
    }
  }

  /**
   * The columns whose values a stored row with these values keeps out of line, from the values
   * alone ({@link RowEncoder#outOfLine}); null if none. A row written before version 2 has them
   * inline: deleting their (absent) entries does nothing.
   */
  static boolean[] columnsOf(RowEncoder encoder, byte[] rowKey, Object[] values) {
    // Not conditional on writesOutOfLine(): rows written before the property was set have entries.
    return fitsKey(rowKey.length) ? encoder.outOfLine(values) : null;
  }

  /**
   * Whether the table whose rows are under {@code rowPrefix} has any out-of-line entry: one seek. A
   * bulk DELETE or UPDATE asks once, before its first write: when the answer is no, none of the
   * rows it found has an entry, so it skips deleting the entries that long values would have (each
   * a B-tree descent for an absent key; values over 1,536 bytes stay inline while {@link
   * EngineSwitches#ROWS_OUT_OF_LINE} is off, the default). Nothing is stored for this: the entries'
   * own key range is the marker, and it stays exact when they are deleted again.
   */
  static boolean any(WriteTransaction tx, byte[] rowPrefix) {
    var prefix = rowPrefix.clone();
    prefix[TableKeys.ROW_PREFIX_LENGTH - 1] = TableKeys.LONG_TAG;
    try (var cursor = tx.openCursor(Keyspace.DATA)) {
      return cursor.seek(prefix) && TableKeys.startsWith(cursor.key(), prefix, prefix.length);
    }
  }

  /**
   * Deletes the out-of-line entries of {@code columns} (null: none) of the row at {@code rowKey}.
   */
  static void delete(WriteTransaction tx, byte[] rowKey, boolean[] columns) {
    if (columns == null) {
      return;
    }
    for (int c = 0; c < columns.length; c++) {
      if (columns[c]) {
        tx.delete(Keyspace.DATA, key(rowKey, c));
      }
    }
  }
}
