package io.kitesql.table;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A range over the key columns of a scan: the primary-key columns for {@link TableStore#scan} (the
 * hidden BIGINT row id for tables without a primary key), the indexed columns for {@link
 * TableStore#indexScan}.
 *
 * <p>Each bound holds values for a <em>prefix</em> of the key columns, already of those columns'
 * types; an empty list means unbounded. Bounds compare as key prefixes: with key columns (a, b),
 * {@code lower = (1)} inclusive admits (1, anything) and everything after, exclusive admits only
 * keys with a &gt; 1; {@code upper = (1)} inclusive admits (1, anything) and everything before,
 * exclusive only a &lt; 1. Lower and upper may have different lengths ({@code a = 1 AND b > 5} is
 * {@code lower = (1, 5)} exclusive, {@code upper = (1)} inclusive).
 *
 * <p>NULL: keys order NULL before every value, and a NULL bound value means exactly that. So {@link
 * #equal} with a NULL element is an {@code IS NULL} lookup, and an unbounded lower end
 * <em>includes</em> rows whose first key column is NULL. A SQL comparison never matches NULL, so a
 * planner turning {@code a < 5} into a range either sets {@code lower = (NULL)} exclusive (which
 * skips the NULLs: see {@link #lessThan}), or filters them afterwards. A comparison with a NULL
 * literal matches nothing; the planner must not turn it into bounds.
 *
 * @param lower values for a prefix of the key columns, or empty for no lower bound
 * @param lowerInclusive whether keys equal to {@code lower} (as a prefix) are included
 * @param upper values for a prefix of the key columns, or empty for no upper bound
 * @param upperInclusive whether keys equal to {@code upper} (as a prefix) are included
 */
public record KeyBounds(
    List<Object> lower, boolean lowerInclusive, List<Object> upper, boolean upperInclusive) {
  private static final KeyBounds ALL = new KeyBounds(List.of(), true, List.of(), true);

  public KeyBounds {
    // Not List.copyOf: NULL elements are meaningful here.
    lower = Collections.unmodifiableList(new ArrayList<>(lower));
    upper = Collections.unmodifiableList(new ArrayList<>(upper));
  }

  /** Every key. */
  public static KeyBounds all() {
    return ALL;
  }

  /** Keys whose first columns equal {@code prefix} (NULL elements match NULL). */
  public static KeyBounds equal(List<?> prefix) {
    var values = nullSafe(prefix);
    return new KeyBounds(values, true, values, true);
  }

  /** Keys starting with {@code values}: {@link #equal} for varargs. */
  public static KeyBounds equal(Object... values) {
    return equal(Arrays.asList(values));
  }

  /** Keys whose first column is at least {@code value} ({@code col >= value}). */
  public static KeyBounds atLeast(Object value) {
    return new KeyBounds(single(value), true, List.of(), true);
  }

  /** Keys whose first column is greater than {@code value} ({@code col > value}). */
  public static KeyBounds greaterThan(Object value) {
    return new KeyBounds(single(value), false, List.of(), true);
  }

  /** Non-NULL keys whose first column is at most {@code value} ({@code col <= value}). */
  public static KeyBounds atMost(Object value) {
    return new KeyBounds(single(null), false, single(value), true);
  }

  /** Non-NULL keys whose first column is less than {@code value} ({@code col < value}). */
  public static KeyBounds lessThan(Object value) {
    return new KeyBounds(single(null), false, single(value), false);
  }

  /** Keys between {@code from} and {@code to}, both inclusive ({@code col BETWEEN from AND to}). */
  public static KeyBounds between(Object from, Object to) {
    return new KeyBounds(single(from), true, single(to), true);
  }

  /** Whether there is no lower bound. */
  public boolean lowerUnbounded() {
    return lower.isEmpty();
  }

  /** Whether there is no upper bound. */
  public boolean upperUnbounded() {
    return upper.isEmpty();
  }

  private static List<Object> single(Object value) {
    return Collections.singletonList(value);
  }

  private static List<Object> nullSafe(List<?> values) {
    return Collections.unmodifiableList(new ArrayList<>(values));
  }
}
