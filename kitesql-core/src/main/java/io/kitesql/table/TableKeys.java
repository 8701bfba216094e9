package io.kitesql.table;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.CatalogStore;
import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.codec.KeyEncoder;
import io.kitesql.codec.KeyLimits;
import io.kitesql.storage.Slice;
import io.kitesql.value.DataType;
import io.kitesql.value.Memory;
import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The key layout of one table in {@link io.kitesql.storage.Keyspace#DATA} (see the package
 * documentation): row keys {@code prefix 'r' pk}, index entries {@code prefix 'i' indexId values
 * pk}. Immutable; every method that encodes takes the caller's {@link KeyEncoder}, so one instance
 * serves many threads.
 */
final class TableKeys {
  static final byte ROW_TAG = 'r';
  static final byte INDEX_TAG = 'i';

  /** Values stored out of line: {@code prefix 'l' pk column(u16)} ({@link LongValues}). */
  static final byte LONG_TAG = 'l';

  /** Table prefix (4 bytes) plus tag. */
  static final int ROW_PREFIX_LENGTH = 5;

  /** An encoded BIGINT: marker plus 8 bytes. */
  static final int HIDDEN_ROW_ID_LENGTH = 9;

  private final TableDef table;
  private final byte[] rowPrefix;
  private final byte[] tablePrefix;
  private final int[] pkColumns;
  private final List<DataType> keyTypes;

  TableKeys(TableDef table) {
    this.table = table;
    var prefix = CatalogStore.tablePrefix(table.id());
    this.tablePrefix = prefix.clone();
    this.rowPrefix = Arrays.copyOf(prefix, ROW_PREFIX_LENGTH);
    rowPrefix[4] = ROW_TAG;
    this.pkColumns = table.primaryKey().stream().mapToInt(Integer::intValue).toArray();
    this.keyTypes =
        table.hasHiddenRowId()
            ? List.of(DataType.BIGINT)
            : List.of(table.keyTypes(Optional.empty()));
  }

  TableDef table() {
    return table;
  }

  /** The positions of the primary-key columns (empty with a hidden row id). */
  int[] pkColumns() {
    return pkColumns;
  }

  /** The types of the row key's values: the primary-key columns, or BIGINT for the row id. */
  List<DataType> rowKeyTypes() {
    return keyTypes;
  }

  /** {@code tablePrefix + 'r'}: the start of every row key (a copy). */
  byte[] rowPrefix() {
    return rowPrefix.clone();
  }

  /** {@code tablePrefix + 'i' + index id}: the start of every entry of {@code index}. */
  byte[] indexPrefix(IndexDef index) {
    return new KeyEncoder()
        .appendRawBytes(CatalogStore.tablePrefix(table.id()))
        .appendRawByte(INDEX_TAG)
        .appendTableId(index.id())
        .toByteArray();
  }

  List<DataType> indexTypes(IndexDef index) {
    return List.of(table.keyTypes(Optional.of(index)));
  }

  /** The row key of a row of a table with a declared primary key. */
  byte[] rowKey(KeyEncoder enc, Object[] row) {
    enc.reset().appendRawBytes(rowPrefix);
    try {
      for (int c : pkColumns) {
        enc.appendValue(table.columns().get(c).type(), row[c]);
      }
    } catch (KiteSqlException e) {
      throw withContext(e, "the PRIMARY KEY");
    }
    return enc.toByteArray();
  }

  /** The row key of the given primary-key values (or the one hidden row id), in key order. */
  byte[] rowKeyOf(KeyEncoder enc, Object[] keyValues) {
    if (keyValues.length != keyTypes.size()) {
      throw new IllegalArgumentException(
          keyValues.length
              + " key values for the "
              + keyTypes.size()
              + " key columns of table "
              + table.name());
    }
    enc.reset().appendRawBytes(rowPrefix);
    try {
      for (int i = 0; i < keyValues.length; i++) {
        enc.appendValue(keyTypes.get(i), keyValues[i]);
      }
    } catch (KiteSqlException e) {
      throw withContext(e, "the PRIMARY KEY");
    }
    return enc.toByteArray();
  }

  /** The row key of hidden row id {@code rowId}. */
  byte[] rowIdKey(long rowId) {
    return new KeyEncoder().appendRawBytes(rowPrefix).appendLong(rowId).toByteArray();
  }

  /**
   * {@code indexPrefix + values}: the part of an entry key that a UNIQUE check seeks, without the
   * primary key. {@code hasNull} says whether an indexed value is NULL (such rows never conflict).
   */
  IndexValues indexValues(KeyEncoder enc, IndexDef index, Object[] row) {
    boolean hasNull = encodeIndexValues(enc, index, row);
    return new IndexValues(index, enc.toByteArray(), hasNull);
  }

  /**
   * Encodes {@code indexPrefix + values} of {@code row} into {@code enc} (after a reset), without
   * copying it out; returns whether an indexed value is NULL.
   */
  boolean encodeIndexValues(KeyEncoder enc, IndexDef index, Object[] row) {
    enc.reset().appendRawBytes(tablePrefix).appendRawByte(INDEX_TAG).appendTableId(index.id());
    boolean hasNull = false;
    try {
      for (int c : index.columns()) {
        hasNull |= row[c] == null;
        enc.appendValue(table.columns().get(c).type(), row[c]);
      }
    } catch (KiteSqlException e) {
      throw withContext(e, "index " + index.name());
    }
    return hasNull;
  }

  /** An index entry key: the values part followed by the row key's primary-key part. */
  byte[] entryKey(IndexValues values, byte[] rowKey) {
    int pk = rowKey.length - ROW_PREFIX_LENGTH;
    checkEntrySize(values, pk);
    var key = Arrays.copyOf(values.prefix(), values.prefix().length + pk);
    System.arraycopy(rowKey, ROW_PREFIX_LENGTH, key, values.prefix().length, pk);
    return key;
  }

  /**
   * Throws KEY_TOO_LARGE if an entry with these values and a primary-key part of {@code pkLength}
   * bytes would not fit LMDB's key limit. Writers call it before their first write.
   */
  void checkEntrySize(IndexValues values, int pkLength) {
    checkEntrySize(values.index(), values.prefix().length, pkLength);
  }

  /** {@link #checkEntrySize(IndexValues, int)} for a values part of {@code valuesLength} bytes. */
  void checkEntrySize(IndexDef index, int valuesLength, int pkLength) {
    long size = (long) valuesLength + pkLength;
    if (size > KeyLimits.MAX_KEY_SIZE) {
      throw new KiteSqlException(
          ErrorCode.KEY_TOO_LARGE,
          "table "
              + table.name()
              + ", index "
              + index.name()
              + ": the entry key of "
              + size
              + " bytes exceeds the maximum key"
              + " size of "
              + KeyLimits.MAX_KEY_SIZE
              + " bytes; long values must not be indexed");
    }
  }

  /** The byte length of the primary-key part of a row key of this table (row id: 9). */
  int pkLength(byte[] rowKey) {
    return rowKey == null ? HIDDEN_ROW_ID_LENGTH : rowKey.length - ROW_PREFIX_LENGTH;
  }

  /** Adds the table and key name to a KEY_TOO_LARGE from the encoder; other errors pass. */
  private KiteSqlException withContext(KiteSqlException e, String what) {
    if (e.errorCode() != ErrorCode.KEY_TOO_LARGE && e.errorCode() != ErrorCode.VALUE_OUT_OF_RANGE) {
      return e;
    }
    return new KiteSqlException(
        e.errorCode(), "table " + table.name() + ", " + what + ": " + e.reason(), e);
  }

  /**
   * The smallest byte string greater than every string that starts with {@code prefix} ({@link
   * KeyEncoder#toSuccessor}). Every prefix here starts with a table id below 2^31, so it has one.
   */
  static byte[] successor(byte[] prefix) {
    return new KeyEncoder().appendRawBytes(prefix).toSuccessor().toByteArray();
  }

  /**
   * Unsigned comparison of {@code key} with the heap key {@code bytes} (LMDB's memcmp order). Takes
   * a segment so scans wrap their bounds once, not per row.
   */
  static int compare(Slice key, MemorySegment bytes) {
    return compare(key, bytes, bytes.byteSize());
  }

  /** {@link #compare(Slice, MemorySegment)} with the first {@code n} bytes of {@code bytes}. */
  static int compare(Slice key, MemorySegment bytes, long n) {
    return compare(key.base(), key.offset(), key.length(), bytes, n);
  }

  /**
   * {@link #compare(Slice, MemorySegment, long)} for the key of {@code length} bytes at {@code
   * offset} of {@code base}.
   */
  static int compare(MemorySegment base, long offset, int length, MemorySegment bytes, long n) {
    // Eight bytes at a time as big-endian longs, whose unsigned order is the bytes' order: a scan
    // compares every key it steps on with its bound, and for keys of a few dozen bytes
    // MemorySegment.mismatch's set-up cost more than the comparison (a fifth of a full table scan's
    // time in a profile).
    long common = Math.min(length, n);
    long i = 0;
    while (i < common) {
      long left = common - i;
      long a;
      long b;
      if (left >= Long.BYTES) {
        a = base.get(Memory.LONG_BE, offset + i);
        b = bytes.get(Memory.LONG_BE, i);
      } else if (overReadable(base, offset + i) && i + Long.BYTES <= bytes.byteSize()) {
        // the last few bytes: read eight and keep the first left of them
        long mask = -1L << ((Long.BYTES - left) * Byte.SIZE);
        a = base.get(Memory.LONG_BE, offset + i) & mask;
        b = bytes.get(Memory.LONG_BE, i) & mask;
      } else {
        return compareBytes(base, offset, bytes, i, common, length, n);
      }
      if (a != b) {
        return Long.compareUnsigned(a, b);
      }
      i += Long.BYTES;
    }
    return Long.compare(length, n);
  }

  /**
   * Whether eight bytes can be read at {@code at} of {@code base} although fewer belong to the key:
   * inside the segment and inside the 4 KiB block of the first (a map view is larger than its file,
   * and a page past the file's end must not be touched; a mapping starts on a page boundary, and
   * pages are at least 4 KiB).
   */
  private static boolean overReadable(MemorySegment base, long at) {
    return at + Long.BYTES <= base.byteSize() && (at & 4095) <= 4096 - Long.BYTES;
  }

  /** {@link #compare} byte by byte from {@code from} on, at the end of a segment. */
  private static int compareBytes(
      MemorySegment base,
      long offset,
      MemorySegment bytes,
      long from,
      long common,
      int length,
      long n) {
    for (long i = from; i < common; i++) {
      int a = base.get(Memory.BYTE, offset + i) & 0xFF;
      int b = bytes.get(Memory.BYTE, i) & 0xFF;
      if (a != b) {
        return Integer.compare(a, b);
      }
    }
    return Long.compare(length, n);
  }

  /** Whether {@code key} starts with the first {@code length} bytes of {@code prefix}. */
  static boolean startsWith(Slice key, byte[] prefix, int length) {
    return startsWith(key, MemorySegment.ofArray(prefix).asSlice(0, length));
  }

  /** Whether {@code key} starts with {@code prefix}. */
  static boolean startsWith(Slice key, MemorySegment prefix) {
    long length = prefix.byteSize();
    return key.length() >= length
        && MemorySegment.mismatch(
                key.base(), key.offset(), key.offset() + length, prefix, 0, length)
            < 0;
  }

  /** The values part of an index entry of {@code index} (for messages), encoded. */
  record IndexValues(IndexDef index, byte[] prefix, boolean hasNull) {}
}
