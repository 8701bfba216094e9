package io.kitesql.expr;

/**
 * Scalar functions of {@link Expr.FunctionCall}. Every function returns NULL when an argument is
 * NULL, except {@link #CONCAT}, which skips NULL arguments (as PostgreSQL and H2 do); the {@code
 * ||} operator is {@link #CONCAT_OP} and propagates NULL as the standard says.
 */
public enum ScalarFunction {
  /** {@code ABS(n)}: same numeric type; ABS of the minimum INT/BIGINT overflows (error). */
  ABS,
  /** {@code ROUND(n [, digits])}: half away from zero; negative digits round left of the point. */
  ROUND,
  /** {@code UPPER(s)}: a new text, or {@code s} itself when nothing changes. */
  UPPER,
  /** {@code LOWER(s)}: a new text, or {@code s} itself when nothing changes. */
  LOWER,
  /** {@code SUBSTRING(s, start [, count])} in code points, 1-based: a view of {@code s}. */
  SUBSTRING,
  /** {@code TRIM([BOTH] [chars] FROM s)}: a view of {@code s}; chars default to a space. */
  TRIM_BOTH,
  /** {@code TRIM(LEADING ...)}, {@code LTRIM}: a view of {@code s}. */
  TRIM_LEADING,
  /** {@code TRIM(TRAILING ...)}, {@code RTRIM}: a view of {@code s}. */
  TRIM_TRAILING,
  /** {@code POSITION(needle IN s)}: 1-based code point index of the first match, 0 if none. */
  POSITION,
  /** {@code REPLACE(s, from, to)}: a new text ({@code s} itself if {@code from} is empty). */
  REPLACE,
  /** {@code CONCAT(a, ...)}: NULL arguments are skipped; non-text arguments cast to text. */
  CONCAT,
  /** {@code a || b}: NULL if either is NULL; non-text operands cast to text. */
  CONCAT_OP,
  /** {@code CHAR_LENGTH(s)}, {@code LENGTH}: code points; bytes for VARBINARY. */
  CHAR_LENGTH,
  /** {@code OCTET_LENGTH(s)}: UTF-8 bytes (O(1)). */
  OCTET_LENGTH
}
