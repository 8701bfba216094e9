package io.kitesql.optimize;

import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.plan.Access;
import io.kitesql.plan.Aggregate;
import io.kitesql.plan.Filter;
import io.kitesql.plan.Limit;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Project;
import io.kitesql.plan.Sort;
import io.kitesql.plan.TableScan;
import io.kitesql.plan.TopN;
import io.kitesql.plan.Values;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The rows each node of a plan is estimated to return, for EXPLAIN: from what ANALYZE measured of
 * the tables scanned ({@link RowEstimates}, the figures the access paths were chosen by). A node
 * gets no estimate when a table below it was never measured (or measured empty), or when its kind
 * is not estimated (joins, grouping, DISTINCT, set operations): an estimate is shown only where
 * there is one.
 */
public final class PlanEstimates {
  private PlanEstimates() {}

  /** {@code " (estimated rows=N)"} for EXPLAIN's line of {@code node}, or nothing. */
  public static String describe(PlanNode node) {
    var rows = rows(node);
    return rows.isEmpty()
        ? ""
        : String.format(
            Locale.ROOT, " (estimated rows=%d)", Math.round(Math.ceil(rows.getAsDouble())));
  }

  /** The rows {@code node} is estimated to return, if it can be estimated. */
  public static OptionalDouble rows(PlanNode node) {
    return switch (node) {
      case TableScan s -> scan(s);
      case Filter f -> filter(f);
      case Project p -> rows(p.input());
      case Sort s -> rows(s.input());
      case Limit l -> limited(rows(l.input()), l.limit(), l.offset());
      case TopN t -> limited(rows(t.input()), Optional.of(t.limit()), t.offset());
      case Aggregate a when a.groupKeys().isEmpty() -> OptionalDouble.of(1);
      case Values v -> OptionalDouble.of(v.rows().size());
      default -> OptionalDouble.empty();
    };
  }

  private static OptionalDouble scan(TableScan s) {
    var table = s.table();
    if (!table.stats().guidesPlans()) { // the estimates the planner goes by, or none
      return OptionalDouble.empty();
    }
    var estimates = new RowEstimates(table);
    return OptionalDouble.of(
        switch (s.access()) {
          case Access.FullScan _ -> estimates.tableRows();
          case Access.KeyRange r ->
              Math.min(
                  estimates.tableRows(),
                  estimates.rows(r, RowEstimates.uniqueWidth(table, r.index())));
          case Access.AnyOf a ->
              Math.min(
                  estimates.tableRows(),
                  a.branches().stream()
                      .mapToDouble(
                          b -> estimates.rows(b, RowEstimates.uniqueWidth(table, b.index())))
                      .sum());
        });
  }

  /**
   * Over a scan: its rows times the fraction the filter's key conditions keep (others taken to keep
   * all).
   */
  private static OptionalDouble filter(Filter f) {
    var input = rows(f.input());
    var scan = UseIndexOrder.scanBelow(f.input());
    if (input.isEmpty() || scan.isEmpty() || !(f.input() instanceof TableScan)) {
      return input;
    }
    var predicates = KeyPredicates.of(Exprs.conjuncts(f.predicate()), scan.get().table());
    return OptionalDouble.of(
        input.getAsDouble() * new RowEstimates(scan.get().table()).selectivity(predicates));
  }

  private static OptionalDouble limited(
      OptionalDouble input, Optional<Expr> limit, Optional<Expr> offset) {
    if (input.isEmpty()
        || limit.isEmpty()
        || !(limit.get() instanceof Expr.Literal l && l.value() instanceof Number n)) {
      return input;
    }
    long skipped =
        offset
            .filter(o -> o instanceof Expr.Literal ol && ol.value() instanceof Number)
            .map(o -> ((Number) ((Expr.Literal) o).value()).longValue())
            .orElse(0L);
    return OptionalDouble.of(Math.max(0, Math.min(input.getAsDouble() - skipped, n.doubleValue())));
  }
}
