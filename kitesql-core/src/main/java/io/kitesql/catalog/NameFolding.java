package io.kitesql.catalog;

import java.util.Locale;

/**
 * How a database spells the names it stores (tables, columns, indexes), and so how a name in a
 * statement must be spelled to find them. Names are compared exactly; a name in a statement is
 * first folded by these rules.
 */
public enum NameFolding {
  /**
   * The SQL standard as PostgreSQL applies it: unquoted names fold to lower case, quoted names
   * ({@code "Orders"}) are taken exactly. Every database created by this version.
   */
  UNQUOTED,

  /**
   * Every name folds to lower case, quoted or not: a database whose catalog was written before
   * quoted names were exact, when all names matched case-insensitively. Its stored names are folded
   * when the catalog is read, so every reference that resolved before still resolves.
   */
  ALL;

  /** {@code name} as stored: lower-cased unless it was quoted and quoted names are exact. */
  public String fold(String name, boolean quoted) {
    return quoted && this == UNQUOTED ? name : lowerCase(name);
  }

  static String lowerCase(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
