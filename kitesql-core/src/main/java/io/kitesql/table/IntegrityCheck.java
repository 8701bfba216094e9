package io.kitesql.table;

import io.kitesql.catalog.Catalog;
import io.kitesql.catalog.CatalogStore;
import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.codec.KeyDecoder;
import io.kitesql.codec.KeyEncoder;
import io.kitesql.codec.RowView;
import io.kitesql.storage.Keyspace;
import io.kitesql.storage.KvTransaction;
import io.kitesql.storage.Slice;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Verifies that the rows, index entries and catalog visible to one transaction agree with each
 * other, reading only (run it in a read-only transaction for a consistent snapshot):
 *
 * <ul>
 *   <li>the catalog loads;
 *   <li>every row key decodes as the table's primary key (or hidden row id), every row decodes with
 *       the table's layout (every column), and a declared primary key stored in the row matches its
 *       key;
 *   <li>every row has the entry its indexed values imply in every index, and every index entry
 *       points to an existing row whose values imply exactly that entry;
 *   <li>a UNIQUE index holds no two entries with the same non-NULL values;
 *   <li>every value a row stores out of line has its entry, of the length the row records, and
 *       every out-of-line entry belongs to an existing row that stores that column out of line (no
 *       orphans are left by deletes and updates);
 *   <li>no key of {@link Keyspace#DATA} lies under a table prefix without a table, or under a kind
 *       tag or index id the table does not have (orphans).
 * </ul>
 *
 * <p>Memory stays constant in the data size: rows look their entries up and entries look their rows
 * up, one at a time. The problem list is capped at {@link #MAX_PROBLEMS} (the count of further
 * problems is reported as one last line). Not thread-safe; one instance per run.
 */
public final class IntegrityCheck {
  /** At most this many problems are described; the rest are counted. */
  public static final int MAX_PROBLEMS = 1000;

  private final KvTransaction tx;
  private final List<String> problems = new ArrayList<>();
  private long suppressed;
  private long rowsChecked;
  private long entriesChecked;
  private long longValuesChecked;

  private IntegrityCheck(KvTransaction tx) {
    this.tx = tx;
  }

  /** Checks everything {@code tx} sees and returns the finished check (read its results). */
  public static IntegrityCheck run(KvTransaction tx) {
    var check = new IntegrityCheck(tx);
    check.checkAll();
    return check;
  }

  /** What is wrong, one sentence each; empty if the data is consistent. */
  public List<String> problems() {
    var out = new ArrayList<>(problems);
    if (suppressed > 0) {
      out.add("... and " + suppressed + " more problem(s)");
    }
    return List.copyOf(out);
  }

  /** The number of rows read. */
  public long rowsChecked() {
    return rowsChecked;
  }

  /** The number of out-of-line value entries read. */
  public long longValuesChecked() {
    return longValuesChecked;
  }

  /** The number of index entries read. */
  public long indexEntriesChecked() {
    return entriesChecked;
  }

  private void problem(String text) {
    if (problems.size() < MAX_PROBLEMS) {
      problems.add(text);
    } else {
      suppressed++;
    }
  }

  private void checkAll() {
    Catalog catalog;
    try {
      catalog = CatalogStore.load(tx);
    } catch (RuntimeException e) {
      problem("the catalog does not load: " + e);
      return;
    }
    var tables = new HashMap<Integer, TableDef>();
    for (var table : catalog.tables()) {
      tables.put(table.id(), table);
      var store = new TableStore(table);
      var keys = new TableKeys(table);
      long before = rowsChecked;
      checkRows(store, keys);
      checkRowCount(table, rowsChecked - before);
      checkLongValues(store, keys);
      for (var index : table.indexes()) {
        checkEntries(store, keys, index);
      }
    }
    checkOrphans(tables);
  }

  /**
   * The count the table keeps ({@link CatalogStore#rowCount}), if any, must be the rows there are.
   */
  private void checkRowCount(TableDef table, long rows) {
    var kept = CatalogStore.rowCount(tx, table.id());
    if (kept.isPresent() && kept.getAsLong() != rows) {
      problem(
          "table "
              + table.name()
              + ": keeps a row count of "
              + kept.getAsLong()
              + " but has "
              + rows
              + " row(s)");
    }
  }

  // ---------------------------------------------------------------- rows → entries

  private void checkRows(TableStore store, TableKeys keys) {
    var table = store.table();
    byte[] prefix = keys.rowPrefix();
    var longValues = new LongValues();
    longValues.open(tx);
    var view = new RowView(store.layout()).longValues(longValues);
    var enc = new KeyEncoder();
    var decoder = new KeyDecoder();
    try (var cursor = tx.openCursor(Keyspace.DATA)) {
      for (boolean on = cursor.seek(prefix); on; on = cursor.next()) {
        var key = cursor.key();
        if (!TableKeys.startsWith(key, prefix, prefix.length)) {
          break;
        }
        rowsChecked++;
        byte[] rowKey = key.toByteArray();
        if (!keyDecodes(decoder, key, TableKeys.ROW_PREFIX_LENGTH, keys.rowKeyTypes())) {
          problem(
              "table "
                  + table.name()
                  + ": row key "
                  + hex(rowKey)
                  + " does not decode as its primary key");
          continue;
        }
        longValues.row(rowKey, rowKey.length);
        Object[] row = decodeRow(view, cursor.value(), table, rowKey);
        if (row == null) {
          continue;
        }
        if (!table.hasHiddenRowId() && !sameKey(keys, enc, row, rowKey)) {
          problem(
              "table "
                  + table.name()
                  + ": row "
                  + hex(rowKey)
                  + " holds primary-key values that do not match its key");
        }
        for (var index : table.indexes()) {
          byte[] entry;
          try {
            entry = keys.entryKey(keys.indexValues(enc, index, row), rowKey);
          } catch (RuntimeException e) {
            problem(
                "table "
                    + table.name()
                    + ", index "
                    + index.name()
                    + ": row "
                    + hex(rowKey)
                    + " has no valid entry key: "
                    + e.getMessage());
            continue;
          }
          if (tx.get(Keyspace.DATA, entry).isEmpty()) {
            problem(
                "table "
                    + table.name()
                    + ", index "
                    + index.name()
                    + ": row "
                    + hex(rowKey)
                    + " has no index entry "
                    + hex(entry));
          }
        }
      }
    } finally {
      longValues.close();
    }
  }

  /**
   * Out-of-line entries → rows: each belongs to an existing row that stores that column out of line
   * (rows → entries, and the lengths, are checked when {@link #decodeRow} reads every value).
   */
  private void checkLongValues(TableStore store, TableKeys keys) {
    var table = store.table();
    byte[] rowPrefix = keys.rowPrefix();
    byte[] prefix = rowPrefix.clone();
    prefix[TableKeys.ROW_PREFIX_LENGTH - 1] = TableKeys.LONG_TAG;
    var view = new RowView(store.layout());
    try (var cursor = tx.openCursor(Keyspace.DATA)) {
      for (boolean on = cursor.seek(prefix); on; on = cursor.next()) {
        var key = cursor.key();
        if (!TableKeys.startsWith(key, prefix, prefix.length)) {
          break;
        }
        longValuesChecked++;
        byte[] entry = key.toByteArray();
        int pkEnd = entry.length - LongValues.COLUMN_SUFFIX;
        if (pkEnd <= prefix.length) {
          problem(
              "table "
                  + table.name()
                  + ": out-of-line entry "
                  + hex(entry)
                  + " is too short (orphan)");
          continue;
        }
        int column = ((entry[pkEnd] & 0xFF) << 8) | (entry[pkEnd + 1] & 0xFF);
        byte[] rowKey = Arrays.copyOf(entry, pkEnd);
        rowKey[TableKeys.ROW_PREFIX_LENGTH - 1] = TableKeys.ROW_TAG;
        var stored = tx.get(Keyspace.DATA, rowKey);
        String what =
            "table " + table.name() + ": out-of-line entry " + hex(entry) + " of column " + column;
        if (stored.isEmpty()) {
          problem(what + " belongs to no row (orphan)");
        } else if (column >= store.layout().columnCount()
            || !storesOutOfLine(view, stored.get(), column)) {
          problem(what + " is not stored out of line by row " + hex(rowKey) + " (orphan)");
        }
      }
    }
  }

  private boolean storesOutOfLine(RowView view, Slice row, int column) {
    try {
      return view.wrap(row.base(), row.offset(), row.length(), tx.scope())
          .isStoredOutOfLine(column);
    } catch (RuntimeException e) {
      return false; // the row pass reports a row that does not decode
    }
  }

  private boolean sameKey(TableKeys keys, KeyEncoder enc, Object[] row, byte[] rowKey) {
    try {
      return Arrays.equals(keys.rowKey(enc, row), rowKey);
    } catch (RuntimeException e) {
      return false;
    }
  }

  /** Every column of the row, or null (problem reported) if it does not decode. */
  private Object[] decodeRow(RowView view, Slice value, TableDef table, byte[] rowKey) {
    try {
      view.wrap(value.base(), value.offset(), value.length(), tx.scope());
      var row = new Object[table.columns().size()];
      for (int c = 0; c < row.length; c++) {
        row[c] = view.getValue(c);
        if (row[c] instanceof Text text) {
          text.toString(); // walks every UTF-8 byte
        }
        if (row[c] == null && !table.columns().get(c).nullable()) {
          problem(
              "table "
                  + table.name()
                  + ": row "
                  + hex(rowKey)
                  + " has NULL in NOT NULL column "
                  + table.columns().get(c).name());
        }
      }
      return row;
    } catch (RuntimeException e) {
      problem(
          "table " + table.name() + ": row " + hex(rowKey) + " does not decode: " + e.getMessage());
      return null;
    }
  }

  // ---------------------------------------------------------------- entries → rows

  private void checkEntries(TableStore store, TableKeys keys, IndexDef index) {
    var table = store.table();
    String what = "table " + table.name() + ", index " + index.name();
    byte[] prefix = keys.indexPrefix(index);
    List<DataType> types = keys.indexTypes(index);
    byte[] rowPrefix = keys.rowPrefix();
    var longValues = new LongValues();
    longValues.open(tx);
    var view = new RowView(store.layout()).longValues(longValues);
    var enc = new KeyEncoder();
    var decoder = new KeyDecoder();
    byte[] previousValues = null;
    try (var cursor = tx.openCursor(Keyspace.DATA)) {
      for (boolean on = cursor.seek(prefix); on; on = cursor.next()) {
        var key = cursor.key();
        if (!TableKeys.startsWith(key, prefix, prefix.length)) {
          break;
        }
        entriesChecked++;
        byte[] entry = key.toByteArray();
        int valuesEnd;
        boolean hasNull = false;
        try {
          decoder.wrap(entry);
          decoder.readTableId();
          decoder.readRawByte();
          decoder.readTableId();
          for (var type : types) {
            hasNull |= decoder.isNull();
            decoder.skip(type);
          }
          valuesEnd = decoder.position();
        } catch (RuntimeException e) {
          problem(what + ": entry " + hex(entry) + " does not decode: " + e.getMessage());
          previousValues = null;
          continue;
        }
        byte[] values = Arrays.copyOf(entry, valuesEnd);
        if (index.unique()
            && !hasNull
            && previousValues != null
            && Arrays.equals(previousValues, values)) {
          problem(what + ": UNIQUE index holds duplicate values " + hex(values));
        }
        previousValues = hasNull ? null : values;
        byte[] rowKey = new byte[rowPrefix.length + entry.length - valuesEnd];
        System.arraycopy(rowPrefix, 0, rowKey, 0, rowPrefix.length);
        System.arraycopy(entry, valuesEnd, rowKey, rowPrefix.length, entry.length - valuesEnd);
        var stored = tx.get(Keyspace.DATA, rowKey);
        if (stored.isEmpty()) {
          problem(what + ": entry " + hex(entry) + " points to missing row " + hex(rowKey));
          continue;
        }
        longValues.row(rowKey, rowKey.length);
        Object[] row = decodeQuietly(view, stored.get(), table.columns().size());
        if (row == null) {
          continue; // reported by the row pass
        }
        byte[] expected;
        try {
          expected = keys.entryKey(keys.indexValues(enc, index, row), rowKey);
        } catch (RuntimeException e) {
          continue; // reported by the row pass
        }
        if (!Arrays.equals(expected, entry)) {
          problem(
              what + ": entry " + hex(entry) + " does not match the values of row " + hex(rowKey));
        }
      }
    } finally {
      longValues.close();
    }
  }

  private Object[] decodeQuietly(RowView view, Slice value, int width) {
    try {
      view.wrap(value.base(), value.offset(), value.length(), tx.scope());
      var row = new Object[width];
      for (int c = 0; c < width; c++) {
        row[c] = view.getValue(c);
      }
      return row;
    } catch (RuntimeException e) {
      return null;
    }
  }

  // ---------------------------------------------------------------- orphans

  /**
   * Walks {@link Keyspace#DATA} region by region: each known region (a table's rows, one of its
   * indexes) is skipped with one seek; any other key is an orphan, reported once per region.
   */
  private void checkOrphans(Map<Integer, TableDef> tables) {
    try (var cursor = tx.openCursor(Keyspace.DATA)) {
      boolean on = cursor.first();
      while (on) {
        byte[] key = cursor.key().toByteArray();
        if (key.length < 5) {
          problem("key " + hex(key) + " is too short for a table key (orphan)");
          on = cursor.next();
          continue;
        }
        int tableId = ByteBuffer.wrap(key).getInt();
        var table = tables.get(tableId);
        byte[] region;
        if (table == null) {
          region = Arrays.copyOf(key, 4);
          problem(
              "keys under prefix "
                  + hex(region)
                  + " belong to no table (orphans of table id "
                  + tableId
                  + ", "
                  + countUnder(region)
                  + " key(s))");
        } else if (key[4] == TableKeys.ROW_TAG || key[4] == TableKeys.LONG_TAG) {
          region = Arrays.copyOf(key, 5); // out-of-line entries: checkLongValues
        } else if (key[4] == TableKeys.INDEX_TAG && key.length >= 9) {
          region = Arrays.copyOf(key, 9);
          int indexId = ByteBuffer.wrap(key).getInt(5);
          if (table.indexes().stream().noneMatch(i -> i.id() == indexId)) {
            problem(
                "table "
                    + table.name()
                    + ": "
                    + countUnder(region)
                    + " entry key(s) of unknown index id "
                    + indexId
                    + " (orphans)");
          }
        } else {
          region = Arrays.copyOf(key, 5);
          problem(
              "table "
                  + table.name()
                  + ": "
                  + countUnder(region)
                  + " key(s) with unknown kind tag under "
                  + hex(region)
                  + " (orphans)");
        }
        on = cursor.seek(TableKeys.successor(region));
      }
    }
  }

  private long countUnder(byte[] prefix) {
    long n = 0;
    try (var cursor = tx.openCursor(Keyspace.DATA)) {
      for (boolean on = cursor.seek(prefix); on; on = cursor.next()) {
        if (!TableKeys.startsWith(cursor.key(), prefix, prefix.length)) {
          break;
        }
        n++;
      }
    }
    return n;
  }

  private static boolean keyDecodes(KeyDecoder decoder, Slice key, int skip, List<DataType> types) {
    try {
      decoder.wrap(key.base(), key.offset() + skip, key.length() - skip);
      for (var type : types) {
        decoder.skip(type);
      }
      return !decoder.hasRemaining();
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static String hex(byte[] bytes) {
    var hex = HexFormat.of().formatHex(bytes, 0, Math.min(bytes.length, 64));
    return bytes.length > 64 ? hex + "…(" + bytes.length + " bytes)" : hex;
  }
}
