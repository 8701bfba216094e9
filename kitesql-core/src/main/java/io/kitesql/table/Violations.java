package io.kitesql.table;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.TableDef;
import io.kitesql.value.Binary;
import java.util.List;
import java.util.StringJoiner;

/** The constraint errors of this package, worded alike: table, constraint, columns, values. */
final class Violations {
  /** Values longer than this are cut in messages: a message should not carry a 1 MB string. */
  private static final int MAX_SHOWN = 64;

  private Violations() {}

  static KiteSqlException notNull(TableDef table, int column) {
    return new KiteSqlException(
        ErrorCode.NOT_NULL_VIOLATION,
        "NULL in column "
            + table.columns().get(column).name()
            + " of table "
            + table.name()
            + " violates its NOT NULL constraint");
  }

  /**
   * A PRIMARY KEY or UNIQUE violation.
   *
   * @param constraint "PRIMARY KEY" or "unique index NAME"
   * @param columns the key's column positions
   * @param values the key's values, in {@code columns} order
   */
  static KiteSqlException unique(
      TableDef table, String constraint, List<Integer> columns, List<?> values) {
    var names = new StringJoiner(", ", "(", ")");
    var shown = new StringJoiner(", ", "(", ")");
    for (int i = 0; i < columns.size(); i++) {
      names.add(table.columns().get(columns.get(i)).name());
      shown.add(show(values.get(i)));
    }
    return new KiteSqlException(
        ErrorCode.UNIQUE_VIOLATION,
        "duplicate key "
            + names
            + "="
            + shown
            + " violates the "
            + constraint
            + " of table "
            + table.name());
  }

  /** A value as SQL-ish text for a message, cut at {@value #MAX_SHOWN} characters. */
  static String show(Object value) {
    return switch (value) {
      case null -> "NULL";
      case CharSequence cs -> "'" + cut(cs) + "'";
      case Binary b ->
          b.length() > MAX_SHOWN / 2 ? "X'...' (" + b.length() + " bytes)" : b.toString();
      default -> String.valueOf(value);
    };
  }

  private static String cut(CharSequence cs) {
    return cs.length() <= MAX_SHOWN ? cs.toString() : cs.subSequence(0, MAX_SHOWN) + "...";
  }
}
