package io.kitesql.optimize;

import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.catalog.TableStats;
import io.kitesql.plan.Access;
import java.util.List;
import java.util.Optional;

/**
 * How many rows of a table a key range or a filter is estimated to hold, from what ANALYZE measured
 * ({@link TableStats}): the table's rows, and per key the distinct values of each prefix, so that
 * an equality on the first {@code k} columns of a key holds {@code rows / distinct[k]} rows. Where
 * nothing was measured, and for comparisons whose values are parameters, the fractions SQLite's
 * planner assumes: a quarter of the rows per bound of a range, a tenth for an equality on a column
 * no measured key leads with. Conditions on different columns are taken as independent.
 */
final class RowEstimates {
  /** The fraction of rows one bound of a range ({@code > ?}) keeps. */
  static final double RANGE_BOUND = 0.25;

  /** The fraction of rows a LIKE prefix keeps. */
  static final double LIKE_PREFIX = 0.1;

  /** The fraction of rows IS NOT NULL keeps. */
  static final double NOT_NULL = 0.9;

  /** The fraction of rows an equality keeps on a column that leads no measured key. */
  static final double EQUALITY = 0.1;

  /** The values an IN subquery is assumed to return. */
  static final int SUBQUERY_VALUES = 10;

  private final TableDef table;
  private final TableStats stats;

  RowEstimates(TableDef table) {
    this.table = table;
    this.stats = table.stats();
  }

  /**
   * How many leading columns of the walk of {@code index} (the primary key if empty) identify one
   * row: a unique index's columns, the primary key's, or (an index entry ending with it) all.
   */
  static int uniqueWidth(TableDef table, Optional<IndexDef> index) {
    if (index.isEmpty()) {
      return table.hasHiddenRowId() ? Integer.MAX_VALUE : table.primaryKey().size();
    }
    return index.get().unique()
        ? index.get().columns().size()
        : table.hasHiddenRowId() ? Integer.MAX_VALUE : table.walkOrder(index).size();
  }

  /** The table's rows as last measured (at least 1). */
  double tableRows() {
    return Math.max(1, stats.rows());
  }

  /**
   * The fraction of rows {@code column = ?} keeps: one over the distinct values of a key it leads.
   */
  double equality(int column) {
    if (table.primaryKey().equals(List.of(column))) {
      return 1 / tableRows();
    }
    for (var index : table.indexes()) {
      if (index.columns().getFirst() == column) {
        var distinct = stats.distinct(Optional.of(index), 1);
        if (distinct.isPresent()) {
          return 1.0 / Math.max(1, distinct.getAsLong());
        }
      }
    }
    var pk = stats.distinct(Optional.empty(), 1);
    if (!table.primaryKey().isEmpty()
        && table.primaryKey().getFirst() == column
        && pk.isPresent()) {
      return 1.0 / Math.max(1, pk.getAsLong());
    }
    return EQUALITY;
  }

  /**
   * The rows the ranges of {@code access} hold: per range, those sharing its equated prefix (one if
   * it binds {@code uniqueWidth} key columns), narrowed by what it requires of the next column.
   */
  double rows(Access.KeyRange access, int uniqueWidth) {
    var keyColumns = table.walkOrder(access.index());
    double rows = 0;
    for (var range : access.ranges()) {
      int equated = range.equal().size();
      double inRange =
          equated >= uniqueWidth ? 1 : tableRows() * prefix(access.index(), keyColumns, equated);
      inRange *= next(range.next());
      rows += range.subqueryAt() >= 0 ? inRange * SUBQUERY_VALUES : inRange;
    }
    return rows;
  }

  /** The fraction of rows whose first {@code equated} key columns equal given values. */
  private double prefix(Optional<IndexDef> index, List<Integer> keyColumns, int equated) {
    if (equated == 0) {
      return 1;
    }
    var distinct = stats.distinct(index, equated);
    if (distinct.isPresent()) {
      return 1.0 / Math.max(1, distinct.getAsLong());
    }
    double fraction = 1;
    for (int i = 0; i < equated; i++) {
      fraction *= equality(keyColumns.get(i));
    }
    return fraction;
  }

  private static double next(Access.Next next) {
    return switch (next) {
      case Access.Next.Any _ -> 1;
      case Access.Next.Between b when b.lower().isPresent() && b.upper().isPresent() ->
          RANGE_BOUND * RANGE_BOUND;
      case Access.Next.Between b when b.lower().isPresent() || b.upper().isPresent() -> RANGE_BOUND;
      case Access.Next.Between _ -> NOT_NULL;
      case Access.Next.LikePrefix _ -> LIKE_PREFIX;
    };
  }

  /** The fraction of rows that satisfy every term of {@code predicates}. */
  double selectivity(KeyPredicates predicates) {
    double fraction = 1;
    for (var term : predicates.terms()) {
      int column = term.column().index();
      fraction *=
          switch (term) {
            case KeyTerm.Compare c when c.op().equals("=") -> equality(column);
            case KeyTerm.Compare _ -> RANGE_BOUND;
            case KeyTerm.In in -> Math.min(1, in.values().size() * equality(column));
            case KeyTerm.InSubquery _ -> Math.min(1, SUBQUERY_VALUES * equality(column));
            case KeyTerm.Like _ -> LIKE_PREFIX;
            case KeyTerm.NotNull _ -> NOT_NULL;
          };
    }
    return fraction;
  }
}
