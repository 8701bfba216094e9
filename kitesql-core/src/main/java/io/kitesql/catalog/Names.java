package io.kitesql.catalog;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.util.Locale;

/** Identifier rules: names keep their spelling but are looked up case-insensitively, as SQL does. */
final class Names {
  private Names() {}

  static void check(String name, String what) {
    if (name == null || name.isBlank()) {
      // A zero-length delimited identifier ("") is a syntax error in SQL.
      throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, what + " name must not be blank");
    }
  }

  static String key(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
