package io.kitesql.plan;

import io.kitesql.catalog.IndexDef;
import io.kitesql.expr.Expr;
import java.util.List;
import java.util.Optional;

/** How a {@link TableScan} reaches its rows; chosen by the optimizer. */
public sealed interface Access {

  /** Every row, in primary-key order. */
  record FullScan() implements Access {}

  /**
   * A range of the primary key (no index) or of a secondary index: bounds are values for a prefix
   * of the key's columns, evaluated per execution (they may hold parameters).
   *
   * @param index the index, or empty for the primary key
   * @param lower lower bound values, empty when unbounded
   * @param upper upper bound values, empty when unbounded
   * @param covered whether the index key holds every column the scan reads (no row lookup)
   */
  record KeyRange(
      Optional<IndexDef> index,
      List<Expr> lower,
      boolean lowerInclusive,
      List<Expr> upper,
      boolean upperInclusive,
      boolean covered)
      implements Access {
    public KeyRange {
      lower = List.copyOf(lower);
      upper = List.copyOf(upper);
    }

    /** Whether both bounds are the same inclusive values: an equality lookup. */
    public boolean isPoint() {
      return lowerInclusive && upperInclusive && lower.equals(upper) && !lower.isEmpty();
    }
  }
}
