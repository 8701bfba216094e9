package io.kitesql.table;

import io.kitesql.KiteSqlException;
import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.codec.KeyDecoder;
import io.kitesql.codec.KeyEncoder;
import io.kitesql.storage.Keyspace;
import io.kitesql.storage.KvCursor;
import io.kitesql.storage.WriteTransaction;
import io.kitesql.value.DataType;
import io.kitesql.value.Scope;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Index entries of one table: computing them for a row, checking UNIQUE indexes, and writing or
 * removing them. Checks only read, so callers run every check before their first write.
 */
final class IndexMaintenance {
  /** The value of every index entry: everything is in the key. */
  static final byte[] EMPTY = new byte[0];

  private final TableDef table;
  private final TableKeys keys;

  IndexMaintenance(TableKeys keys) {
    this.table = keys.table();
    this.keys = keys;
  }

  /**
   * A row's entry keys in every index of the table, in index order, each encoded once: key i is
   * index i's values part ({@code indexPrefix + values}, what a UNIQUE check seeks), ending at
   * {@code valuesEnd[i]}, followed by the row key's primary-key part. {@code hasNull[i]}: an
   * indexed value of key i is NULL (such a key never conflicts).
   */
  record Entries(byte[][] keys, int[] valuesEnd, boolean[] hasNull) {
    /** Whether index i's values part is the same in both rows' entries. */
    boolean sameValues(int i, Entries other) {
      return Arrays.equals(keys[i], 0, valuesEnd[i], other.keys[i], 0, other.valuesEnd[i]);
    }
  }

  /**
   * The entries of {@code row} stored under {@code rowKey}; with {@code rowKey} null (a hidden row
   * id, allocated after the checks) their primary-key parts are left for {@link #setRowKey}.
   *
   * @throws KiteSqlException KEY_TOO_LARGE if an entry would not fit LMDB's key limit (checked
   *     here, before any write), VALUE_OUT_OF_RANGE from the encoder
   */
  Entries entriesOf(KeyEncoder enc, Object[] row, byte[] rowKey) {
    var indexes = table.indexes();
    int n = indexes.size();
    var out = new Entries(new byte[n][], new int[n], new boolean[n]);
    int pkLength = keys.pkLength(rowKey);
    for (int i = 0; i < n; i++) {
      var index = indexes.get(i);
      out.hasNull[i] = keys.encodeIndexValues(enc, index, row);
      int valuesEnd = enc.length();
      keys.checkEntrySize(index, valuesEnd, pkLength);
      out.valuesEnd[i] = valuesEnd;
      out.keys[i] = Arrays.copyOf(enc.array(), valuesEnd + pkLength);
      if (rowKey != null) {
        System.arraycopy(rowKey, TableKeys.ROW_PREFIX_LENGTH, out.keys[i], valuesEnd, pkLength);
      }
    }
    return out;
  }

  /** Fills in the primary-key part of every entry: the row is stored under {@code rowKey}. */
  void setRowKey(Entries entries, byte[] rowKey) {
    int pkLength = rowKey.length - TableKeys.ROW_PREFIX_LENGTH;
    for (int i = 0; i < entries.keys.length; i++) {
      System.arraycopy(
          rowKey, TableKeys.ROW_PREFIX_LENGTH, entries.keys[i], entries.valuesEnd[i], pkLength);
    }
  }

  /**
   * Throws UNIQUE_VIOLATION if another row holds a unique index's values of {@code entries}. Values
   * with a NULL never conflict. {@code check[i]} false skips index i (its values did not change).
   */
  void checkUnique(WriteTransaction tx, Entries entries, boolean[] check, Object[] row) {
    var indexes = table.indexes();
    KvCursor cursor = null;
    try {
      for (int i = 0; i < entries.keys.length; i++) {
        var index = indexes.get(i);
        if (!index.unique() || entries.hasNull[i] || (check != null && !check[i])) {
          continue;
        }
        if (cursor == null) {
          cursor = tx.openCursor(Keyspace.DATA);
        }
        byte[] key = entries.keys[i];
        int valuesEnd = entries.valuesEnd[i];
        if (cursor.seek(key, valuesEnd) && TableKeys.startsWith(cursor.key(), key, valuesEnd)) {
          throw violation(index, row);
        }
      }
    } finally {
      // Closed before the caller writes: a write transaction with open cursors cannot be
      // replayed after the map grows.
      if (cursor != null) {
        cursor.close();
      }
    }
  }

  KiteSqlException violation(IndexDef index, Object[] row) {
    var values = new ArrayList<Object>();
    for (int c : index.columns()) {
      values.add(row[c]);
    }
    return Violations.unique(table, "unique index " + index.name(), index.columns(), values);
  }

  /** Writes {@code entries} (their primary-key parts set). */
  void put(WriteTransaction tx, Entries entries) {
    for (byte[] key : entries.keys) {
      putEntry(tx, key);
    }
  }

  /**
   * Writes one entry of a row that has no entry at this key: an entry key ends with its row's
   * primary key, so only this row (with these values) could have stored it. Written only if absent,
   * an atomic block records it for undo without looking the key up (an overwriting put copies what
   * it replaces); were it present, it would hold the same empty value.
   */
  static void putEntry(WriteTransaction tx, byte[] key) {
    tx.putIfAbsent(Keyspace.DATA, key, key.length, EMPTY);
  }

  /**
   * Writes the entries of many rows, {@code entries[i]} those of index i (a bulk INSERT's), each
   * index's sorted ({@link KeySort}) so that they go in page by page through the positioned cursor.
   */
  void putSorted(WriteTransaction tx, byte[][][] entries) {
    for (int i = 0; i < entries.length; i++) {
      KeySort.sort(entries[i], keys.indexPrefix(table.indexes().get(i)).length);
      for (var key : entries[i]) {
        putEntry(tx, key);
      }
    }
  }

  /** Removes {@code entries}. */
  void delete(WriteTransaction tx, Entries entries) {
    for (byte[] key : entries.keys) {
      deleteEntry(tx, key);
    }
  }

  /** Removes one entry: every entry holds {@link #EMPTY}, so undo needs no lookup of it. */
  static void deleteEntry(WriteTransaction tx, byte[] key) {
    tx.deleteHolding(Keyspace.DATA, key, EMPTY);
  }

  /**
   * {@link #deleteEntry} for one of many entries deleted in ascending order ({@link
   * WriteTransaction#deleteHoldingInOrder}).
   */
  static void deleteEntryInOrder(WriteTransaction tx, byte[] key) {
    tx.deleteHoldingInOrder(Keyspace.DATA, key, EMPTY);
  }

  /**
   * After all entries of a new unique {@code index} were written: finds two adjacent entries with
   * equal values (duplicates sort next to each other), ignoring entries with a NULL. Returns the
   * duplicated values, or null.
   */
  List<Object> findDuplicate(WriteTransaction tx, IndexDef index) {
    byte[] prefix = keys.indexPrefix(index);
    List<DataType> types = keys.indexTypes(index);
    var decoder = new KeyDecoder();
    byte[] previous = null;
    try (var cursor = tx.openCursor(Keyspace.DATA)) {
      for (boolean on = cursor.seek(prefix); on; on = cursor.next()) {
        var key = cursor.key();
        if (!TableKeys.startsWith(key, prefix, prefix.length)) {
          break;
        }
        decoder.wrap(key.base(), key.offset(), key.length());
        decoder.readTableId();
        decoder.readRawByte();
        decoder.readTableId();
        boolean hasNull = false;
        for (var type : types) {
          hasNull |= decoder.isNull();
          decoder.skip(type);
        }
        // Write transactions hand out heap copies: this array is ours.
        byte[] values = Arrays.copyOf(key.toByteArray(), decoder.position());
        if (!hasNull && previous != null && Arrays.equals(previous, values)) {
          return decodeValues(values, types);
        }
        previous = hasNull ? null : values;
      }
    }
    return null;
  }

  private static List<Object> decodeValues(byte[] key, List<DataType> types) {
    var decoder = new KeyDecoder().wrap(key);
    decoder.readTableId();
    decoder.readRawByte();
    decoder.readTableId();
    var out = new ArrayList<Object>();
    for (var type : types) {
      out.add(decoder.readValue(type, Scope.OWNED));
    }
    return out;
  }
}
