package io.kitesql.testing;

import io.kitesql.ErrorCode;
import io.kitesql.api.Database;
import io.kitesql.api.RowCursor;
import java.util.ArrayList;
import java.util.List;

/** A query's rows as text, for tests whose expected rows are written by hand. */
public final class QueryRows {
  private QueryRows() {}

  /** Every row of {@code sql}, each as its values ({@code String.valueOf}) joined by commas. */
  public static List<String> of(Database db, String sql) {
    return db.read(tx -> lists(tx.query(sql)).stream().map(row -> String.join(",", row)).toList());
  }

  /** The first column of every row of {@code sql}, as {@code String.valueOf} gives it. */
  public static List<String> column(Database db, String sql, Object... parameters) {
    return db.read(tx -> column(tx.query(sql, parameters)));
  }

  /**
   * The first column of every row {@code rows} holds, as {@code String.valueOf} gives it; closes
   * it.
   */
  public static List<String> column(RowCursor rows) {
    try (rows) {
      var out = new ArrayList<String>();
      while (rows.next()) {
        out.add(String.valueOf(rows.get(0)));
      }
      return out;
    }
  }

  /** Every row of {@code sql}, each as its values ({@code String.valueOf}). */
  public static List<List<String>> lists(Database db, String sql, Object... parameters) {
    return db.read(tx -> lists(tx.query(sql, parameters)));
  }

  /** Every row {@code rows} holds, each as its values ({@code String.valueOf}); closes it. */
  public static List<List<String>> lists(RowCursor rows) {
    try (rows) {
      var out = new ArrayList<List<String>>();
      while (rows.next()) {
        var values = new ArrayList<String>();
        for (int i = 0; i < rows.columns().size(); i++) {
          values.add(String.valueOf(rows.get(i)));
        }
        out.add(values);
      }
      return out;
    }
  }

  /** How many rows {@code table} holds ({@code SELECT COUNT(*)}). */
  public static long count(Database db, String table) {
    return db.read(
        tx -> {
          try (var rows = tx.query("select count(*) from " + table)) {
            if (!rows.next()) {
              throw new AssertionError("no row from count(*) of " + table);
            }
            return rows.getLong(0);
          }
        });
  }

  /** The error code {@code sql} fails with; an AssertionError if it runs. */
  public static ErrorCode errorOf(Database db, String sql) {
    return Failures.errorOf(() -> of(db, sql));
  }
}
