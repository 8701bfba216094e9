package io.kitesql.optimize;

import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.plan.Distinct;
import io.kitesql.plan.Filter;
import io.kitesql.plan.Join;
import io.kitesql.plan.JoinKind;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Project;
import io.kitesql.plan.SetOperation;
import io.kitesql.plan.Sort;
import io.kitesql.plan.Window;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Moves filters down toward the scans they can use: through projections (substituting the projected
 * expressions, so a filter on a derived table reaches the base table's indexes), sorts and
 * DISTINCT; into both inputs of set operations (a row-wise predicate commutes with them); into the
 * sides of joins where that keeps the join's meaning (a condition on the preserved side of an outer
 * join stays above it); a condition over both sides of an inner join becomes part of the join
 * condition (so it can become a hash or index join). Never through aggregates, limits or top-N,
 * whose results a filter below would change.
 *
 * <pre>
 * Filter(a.x = 1 AND a.id = b.id)          Join(INNER, a.id = b.id)
 *   Join(INNER)                    =>        Filter(a.x = 1)
 *     Scan a                                   Scan a
 *     Scan b                                 Scan b
 * </pre>
 */
final class PushDownFilters {
  private PushDownFilters() {}

  static PlanNode apply(PlanNode plan) {
    return switch (plan) {
      case Filter f -> push(apply(f.input()), f.predicate());
      case Join j -> pushJoinCondition(j.withInputs(apply(j.left()), apply(j.right())));
      default -> Plans.mapChildren(plan, PushDownFilters::apply);
    };
  }

  /** {@code Filter(predicate)} over {@code input}, placed as low as it may go. */
  private static PlanNode push(PlanNode input, Expr predicate) {
    return switch (input) {
      case Filter below -> push(below.input(), Exprs.and(List.of(below.predicate(), predicate)));
      case Project p ->
          new Project(
              push(p.input(), substitute(predicate, p.expressions())), p.expressions(), p.output());
      case Sort s -> new Sort(push(s.input(), predicate), s.keys());
      case Distinct d -> new Distinct(push(d.input(), predicate));
      case Join j -> pushIntoJoin(j, predicate);
      // A row-wise predicate commutes with UNION, INTERSECT and EXCEPT (equal rows pass alike).
      case SetOperation s ->
          new SetOperation(
              s.kind(), s.all(), push(s.left(), predicate), push(s.right(), predicate), s.output());
      case Window w -> WindowFilters.push(w, predicate, PushDownFilters::push);
      default -> new Filter(input, predicate);
    };
  }

  private static PlanNode pushIntoJoin(Join j, Expr predicate) {
    int width = j.left().output().size();
    var left = new ArrayList<Expr>();
    var right = new ArrayList<Expr>();
    var both = new ArrayList<Expr>();
    var above = new ArrayList<Expr>();
    for (var c : Exprs.conjuncts(predicate)) {
      var side = side(c, width);
      if (side == Side.LEFT && !j.kind().keepsUnmatchedRight()) {
        left.add(c);
      } else if (side == Side.RIGHT && !j.kind().keepsUnmatchedLeft()) {
        right.add(c);
      } else if (j.kind() == JoinKind.INNER) {
        both.add(c);
      } else {
        above.add(c);
      }
    }
    var condition = new ArrayList<Expr>();
    j.condition().ifPresent(condition::add);
    condition.addAll(both);
    var joined =
        new Join(
            j.kind(),
            pushAll(j.left(), left),
            pushAll(j.right(), shift(right, width)),
            condition.isEmpty() ? Optional.empty() : Optional.of(Exprs.and(condition)),
            j.strategy());
    return above.isEmpty() ? joined : new Filter(joined, Exprs.and(above));
  }

  /**
   * Conditions of the ON clause that touch one side only go into that side when the kind allows.
   */
  private static PlanNode pushJoinCondition(Join j) {
    if (j.condition().isEmpty() || j.kind() == JoinKind.FULL) {
      return j;
    }
    int width = j.left().output().size();
    var left = new ArrayList<Expr>();
    var right = new ArrayList<Expr>();
    var keep = new ArrayList<Expr>();
    for (var c : Exprs.conjuncts(j.condition().get())) {
      var side = side(c, width);
      // ON conditions filter the non-preserved side: for LEFT joins the right one, for RIGHT the
      // left
      if (side == Side.LEFT && j.kind() != JoinKind.LEFT) {
        left.add(c);
      } else if (side == Side.RIGHT && j.kind() != JoinKind.RIGHT) {
        right.add(c);
      } else {
        keep.add(c);
      }
    }
    return new Join(
        j.kind(),
        pushAll(j.left(), left),
        pushAll(j.right(), shift(right, width)),
        keep.isEmpty() ? Optional.empty() : Optional.of(Exprs.and(keep)),
        j.strategy());
  }

  private enum Side {
    NONE,
    LEFT,
    RIGHT,
    BOTH
  }

  private static Side side(Expr e, int width) {
    var columns = Exprs.columns(e);
    if (columns.isEmpty()) {
      return Side.NONE;
    }
    if (columns.length() <= width) {
      return Side.LEFT;
    }
    return columns.nextSetBit(0) >= width ? Side.RIGHT : Side.BOTH;
  }

  private static PlanNode pushAll(PlanNode input, List<Expr> predicates) {
    return predicates.isEmpty() ? input : push(input, Exprs.and(predicates));
  }

  private static List<Expr> shift(List<Expr> predicates, int width) {
    return predicates.stream().map(p -> Exprs.remap(p, i -> i - width)).toList();
  }

  private static Expr substitute(Expr predicate, List<Expr> projected) {
    return Exprs.replace(
        predicate,
        e -> e instanceof Expr.Column c ? Optional.of(projected.get(c.index())) : Optional.empty());
  }
}
