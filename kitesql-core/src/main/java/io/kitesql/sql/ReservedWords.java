package io.kitesql.sql;

import java.util.Locale;
import java.util.Set;

/**
 * PostgreSQL's reserved key words (its documentation's appendix "SQL Key Words", reserved and
 * "reserved (can be function or type)"): unquoted, none of them is a table, column, index or alias
 * name. JSqlParser lets some through as names ({@code CREATE TABLE order}, {@code FROM t group});
 * the binder refuses them by name, as PostgreSQL's grammar does. Quoted, they are names like any
 * other ({@code "order"}).
 */
public final class ReservedWords {
  private static final Set<String> WORDS =
      Set.of(
          "ALL",
          "ANALYSE",
          "ANALYZE",
          "AND",
          "ANY",
          "ARRAY",
          "AS",
          "ASC",
          "ASYMMETRIC",
          "AUTHORIZATION",
          "BINARY",
          "BOTH",
          "CASE",
          "CAST",
          "CHECK",
          "COLLATE",
          "COLLATION",
          "COLUMN",
          "CONCURRENTLY",
          "CONSTRAINT",
          "CREATE",
          "CROSS",
          "CURRENT_CATALOG",
          "CURRENT_DATE",
          "CURRENT_ROLE",
          "CURRENT_SCHEMA",
          "CURRENT_TIME",
          "CURRENT_TIMESTAMP",
          "CURRENT_USER",
          "DEFAULT",
          "DEFERRABLE",
          "DESC",
          "DISTINCT",
          "DO",
          "ELSE",
          "END",
          "EXCEPT",
          "FALSE",
          "FETCH",
          "FOR",
          "FOREIGN",
          "FREEZE",
          "FROM",
          "FULL",
          "GRANT",
          "GROUP",
          "HAVING",
          "ILIKE",
          "IN",
          "INITIALLY",
          "INNER",
          "INTERSECT",
          "INTO",
          "IS",
          "ISNULL",
          "JOIN",
          "LATERAL",
          "LEADING",
          "LEFT",
          "LIKE",
          "LIMIT",
          "LOCALTIME",
          "LOCALTIMESTAMP",
          "NATURAL",
          "NOT",
          "NOTNULL",
          "NULL",
          "OFFSET",
          "ON",
          "ONLY",
          "OR",
          "ORDER",
          "OUTER",
          "OVERLAPS",
          "PLACING",
          "PRIMARY",
          "REFERENCES",
          "RETURNING",
          "RIGHT",
          "SELECT",
          "SESSION_USER",
          "SIMILAR",
          "SOME",
          "SYMMETRIC",
          "SYSTEM_USER",
          "TABLE",
          "TABLESAMPLE",
          "THEN",
          "TO",
          "TRAILING",
          "TRUE",
          "UNION",
          "UNIQUE",
          "USER",
          "USING",
          "VARIADIC",
          "VERBOSE",
          "WHEN",
          "WHERE",
          "WINDOW",
          "WITH");

  private ReservedWords() {}

  /** What a message says about the reserved word {@code word} standing where a name belongs. */
  public static String misplaced(String word) {
    return word.toUpperCase(Locale.ROOT)
        + " is a reserved word; quote it to use it as a name (\""
        + word.toLowerCase(Locale.ROOT)
        + "\")";
  }

  /** Whether the unquoted word {@code word} is reserved (any case). */
  public static boolean isReserved(String word) {
    return WORDS.contains(word.toUpperCase(Locale.ROOT));
  }
}
