package io.kitesql.table;

import io.kitesql.KiteSqlException;
import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.codec.KeyEncoder;
import io.kitesql.codec.RowLayout;
import io.kitesql.storage.Keyspace;
import io.kitesql.storage.WriteTransaction;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * The checks a table's writes make before their first write: a row's width and NOT NULL columns
 * (primary-key columns included), and which stored row a new row collides with in a unique key;
 * plus the errors they raise. Immutable, like the {@link TableStore} it serves.
 */
final class RowConstraints {
  private final TableDef table;
  private final RowLayout layout;
  private final TableKeys keys;

  RowConstraints(TableDef table, RowLayout layout, TableKeys keys) {
    this.table = table;
    this.layout = layout;
    this.keys = keys;
  }

  /** See {@link TableStore#findConflict}. */
  Optional<RowRef> findConflict(
      WriteTransaction tx, Object[] row, boolean primaryKey, List<IndexDef> uniqueIndexes) {
    checkWidth(row);
    var enc = new KeyEncoder();
    if (primaryKey && !table.hasHiddenRowId()) {
      byte[] rowKey = keys.rowKey(enc, row);
      if (tx.get(Keyspace.DATA, rowKey).isPresent()) {
        return Optional.of(new RowRef(rowKey));
      }
    }
    for (var index : uniqueIndexes) {
      if (!index.unique()) {
        throw new IllegalArgumentException("index " + index.name() + " is not unique");
      }
      var values = keys.indexValues(enc, index, row);
      if (values.hasNull()) {
        continue;
      }
      byte[] prefix = values.prefix();
      try (var cursor = tx.openCursor(Keyspace.DATA)) {
        if (cursor.seek(prefix) && TableKeys.startsWith(cursor.key(), prefix, prefix.length)) {
          // The values part is self-delimiting, so the entry's primary-key part follows the prefix.
          byte[] entry = cursor.key().toByteArray();
          byte[] rowPrefix = keys.rowPrefix();
          byte[] rowKey = Arrays.copyOf(rowPrefix, rowPrefix.length + entry.length - prefix.length);
          System.arraycopy(
              entry, prefix.length, rowKey, rowPrefix.length, entry.length - prefix.length);
          return Optional.of(new RowRef(rowKey));
        }
      }
    }
    return Optional.empty();
  }

  /**
   * {@code (a, b)=(1, 'x')}: {@code columns} of {@code row} as constraint errors show them (long
   * values cut).
   */
  String describeKey(List<Integer> columns, Object[] row) {
    var names = new StringJoiner(", ", "(", ")");
    var shown = new StringJoiner(", ", "(", ")");
    for (int c : columns) {
      names.add(table.columns().get(c).name());
      shown.add(Violations.show(row[c]));
    }
    return names + "=" + shown;
  }

  void checkRow(Object[] row) {
    checkWidth(row);
    var columns = table.columns();
    for (int c = 0; c < row.length; c++) {
      if (row[c] == null && !columns.get(c).nullable()) {
        throw Violations.notNull(table, c);
      }
    }
    // Primary-key columns are NOT NULL whether declared so or not (SQL).
    for (int c : keys.pkColumns()) {
      if (row[c] == null) {
        throw Violations.notNull(table, c);
      }
    }
  }

  void checkWidth(Object[] row) {
    if (row.length != layout.columnCount()) {
      throw new IllegalArgumentException(
          row.length
              + " values for the "
              + layout.columnCount()
              + " columns of table "
              + table.name());
    }
  }

  KiteSqlException primaryKeyViolation(Object[] row) {
    var values = new ArrayList<Object>();
    for (int c : keys.pkColumns()) {
      values.add(row[c]);
    }
    return Violations.unique(table, "PRIMARY KEY", table.primaryKey(), values);
  }
}
