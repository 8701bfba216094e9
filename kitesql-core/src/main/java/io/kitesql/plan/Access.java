package io.kitesql.plan;

import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.expr.Expr;
import io.kitesql.expr.SubqueryExpr;
import java.util.List;
import java.util.Optional;

/** How a {@link TableScan} reaches its rows; chosen by the optimizer. */
public sealed interface Access {

  /** Every row, in primary-key order. */
  record FullScan() implements Access {}

  /**
   * Ranges of the primary key (no index) or of a secondary index, walked in key order (descending
   * if {@code reverse}), each key visited once however many ranges hold it: one range for {@code a
   * = ? AND b > ?}, one per value for {@code a IN (?, ?, ?)}, none bounded for a walk that only
   * delivers the key's order ({@code ORDER BY id DESC LIMIT 10}). Bound values are evaluated per
   * execution (they may hold parameters); a range with a NULL value holds no row.
   *
   * <p>The order a walk delivers: the key's columns, then (for a secondary index) the primary
   * key's, which every entry ends with.
   *
   * @param index the index, or empty for the primary key
   * @param ranges the ranges; never empty
   * @param covered whether the index key holds every column the scan reads (no row lookup)
   * @param reverse whether the walk runs from the highest key down
   */
  record KeyRange(Optional<IndexDef> index, List<Range> ranges, boolean covered, boolean reverse)
      implements Access {
    public KeyRange {
      ranges = List.copyOf(ranges);
      if (ranges.isEmpty()) {
        throw new IllegalArgumentException("a key range needs at least one range");
      }
    }

    /** One range, forward. */
    public KeyRange(Optional<IndexDef> index, Range range, boolean covered) {
      this(index, List.of(range), covered, false);
    }

    /** The columns (positions in the table) the walk is ordered by: {@link TableDef#walkOrder}. */
    public List<Integer> keyColumns(TableDef table) {
      return table.walkOrder(index);
    }

    /** The same walk, the other way. */
    public KeyRange reversed() {
      return new KeyRange(index, ranges, covered, !reverse);
    }

    /**
     * How many leading key columns every range binds to one and the same value: the columns whose
     * order the walk cannot change, so an ORDER BY may skip them.
     */
    public int constantPrefix() {
      if (ranges.size() != 1) {
        return 0;
      }
      var equal = ranges.getFirst().equal();
      int n = 0;
      while (n < equal.size() && !(equal.get(n) instanceof SubqueryExpr)) {
        n++;
      }
      return n;
    }
  }

  /**
   * The rows that satisfy any of several conditions, each once, each condition served by key ranges
   * ({@code a = ? OR b = ?} with indexes on {@code a} and on {@code b}): the branches are walked
   * one after the other, and branch {@code i} returns the rows of its ranges that satisfy its
   * condition (the ranges may hold more) and no earlier branch's (which returned them). No order is
   * delivered.
   *
   * @param branches the ranges, at least two
   * @param conditions per branch, its condition (its ranges hold every row that satisfies it)
   */
  record AnyOf(List<KeyRange> branches, List<Expr> conditions) implements Access {
    public AnyOf {
      branches = List.copyOf(branches);
      conditions = List.copyOf(conditions);
      if (branches.size() < 2 || branches.size() != conditions.size()) {
        throw new IllegalArgumentException(
            branches.size() + " branches with " + conditions.size() + " conditions");
      }
    }
  }

  /**
   * Keys whose first columns equal {@code equal} and whose next column then satisfies {@code next}.
   * An element of {@code equal} that is an IN subquery ({@link SubqueryExpr}, not correlated)
   * stands for each value of its rows: the range is repeated per value, at most one such element
   * per range.
   */
  record Range(List<Expr> equal, Next next) {
    public Range {
      equal = List.copyOf(equal);
    }

    /** Keys whose first columns equal {@code values}. */
    public static Range point(List<Expr> values) {
      return new Range(values, new Next.Any());
    }

    /** Every key. */
    public static Range all() {
      return new Range(List.of(), new Next.Any());
    }

    /** Whether only equalities bound the range. */
    public boolean isPoint() {
      return next instanceof Next.Any && !equal.isEmpty();
    }

    /** The position of the IN subquery in {@link #equal}, or -1. */
    public int subqueryAt() {
      for (int i = 0; i < equal.size(); i++) {
        if (equal.get(i) instanceof SubqueryExpr) {
          return i;
        }
      }
      return -1;
    }
  }

  /** What the key column after a range's equalities must satisfy. */
  sealed interface Next {
    /** Nothing: every value, NULL included. */
    record Any() implements Next {}

    /**
     * Between two optional bounds. {@code nonNull}: NULL (which keys order first) is outside the
     * range even without a lower bound, as for {@code c < ?}, which no NULL satisfies.
     */
    record Between(
        Optional<Expr> lower,
        boolean lowerInclusive,
        Optional<Expr> upper,
        boolean upperInclusive,
        boolean nonNull)
        implements Next {}

    /**
     * Text starting with the literal prefix of a LIKE pattern (everything before its first
     * wildcard): the range holds a superset of the matching keys, the LIKE stays as a filter.
     */
    record LikePrefix(Expr pattern, Expr escape) implements Next {}
  }
}
