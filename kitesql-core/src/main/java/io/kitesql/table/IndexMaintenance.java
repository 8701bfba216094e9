package io.kitesql.table;

import io.kitesql.KiteSqlException;
import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.codec.KeyDecoder;
import io.kitesql.codec.KeyEncoder;
import io.kitesql.storage.Keyspace;
import io.kitesql.storage.KvCursor;
import io.kitesql.storage.WriteTransaction;
import io.kitesql.table.TableKeys.IndexValues;
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

  /** The values part of every index's entry for {@code row}, in index order. */
  IndexValues[] valuesOf(KeyEncoder enc, Object[] row) {
    var indexes = table.indexes();
    var out = new IndexValues[indexes.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = keys.indexValues(enc, indexes.get(i), row);
    }
    return out;
  }

  /** Throws KEY_TOO_LARGE unless every entry fits with a primary-key part of {@code pkLength}. */
  void checkSizes(IndexValues[] values, int pkLength) {
    for (var v : values) {
      keys.checkEntrySize(v, pkLength);
    }
  }

  /**
   * Throws UNIQUE_VIOLATION if another row holds {@code values} in a unique index. Values with a
   * NULL never conflict. {@code check[i]} false skips index i (its values did not change).
   */
  void checkUnique(WriteTransaction tx, IndexValues[] values, boolean[] check, Object[] row) {
    KvCursor cursor = null;
    try {
      for (int i = 0; i < values.length; i++) {
        var v = values[i];
        if (!v.index().unique() || v.hasNull() || (check != null && !check[i])) {
          continue;
        }
        if (cursor == null) {
          cursor = tx.openCursor(Keyspace.DATA);
        }
        byte[] prefix = v.prefix();
        if (cursor.seek(prefix) && TableKeys.startsWith(cursor.key(), prefix, prefix.length)) {
          throw violation(v.index(), row);
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

  /** Writes the entries of a row stored under {@code rowKey}. */
  void put(WriteTransaction tx, IndexValues[] values, byte[] rowKey) {
    for (var v : values) {
      tx.put(Keyspace.DATA, keys.entryKey(v, rowKey), EMPTY);
    }
  }

  /** Removes the entries of a row stored under {@code rowKey}. */
  void delete(WriteTransaction tx, IndexValues[] values, byte[] rowKey) {
    for (var v : values) {
      tx.delete(Keyspace.DATA, keys.entryKey(v, rowKey));
    }
  }

  /**
   * After all entries of a new unique {@code index} were written: finds two adjacent entries
   * with equal values (duplicates sort next to each other), ignoring entries with a NULL.
   * Returns the duplicated values, or null.
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
