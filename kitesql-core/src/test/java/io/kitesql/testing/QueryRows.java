package io.kitesql.testing;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import java.util.ArrayList;
import java.util.List;

/** A query's rows as text, for tests whose expected rows are written by hand. */
public final class QueryRows {
  private QueryRows() {}

  /** Every row of {@code sql}, each as its values ({@code String.valueOf}) joined by commas. */
  public static List<String> of(Database db, String sql) {
    return db.read(
        tx -> {
          var out = new ArrayList<String>();
          try (var rows = tx.query(sql)) {
            while (rows.next()) {
              var values = new ArrayList<String>();
              for (int i = 0; i < rows.columns().size(); i++) {
                values.add(String.valueOf(rows.get(i)));
              }
              out.add(String.join(",", values));
            }
          }
          return out;
        });
  }

  /** The error code {@code sql} fails with; an AssertionError if it runs. */
  public static ErrorCode errorOf(Database db, String sql) {
    try {
      of(db, sql);
    } catch (KiteSqlException e) {
      return e.errorCode();
    }
    throw new AssertionError("no error for " + sql);
  }
}
