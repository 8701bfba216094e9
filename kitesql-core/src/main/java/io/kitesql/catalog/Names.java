package io.kitesql.catalog;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;

/**
 * Checks of stored names; how statements spell them is {@link NameFolding}. Names compare exactly.
 */
final class Names {
  private Names() {}

  static void check(String name, String what) {
    if (name == null || name.isBlank()) {
      // A zero-length delimited identifier ("") is a syntax error in SQL.
      throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, what + " name must not be blank");
    }
  }
}
