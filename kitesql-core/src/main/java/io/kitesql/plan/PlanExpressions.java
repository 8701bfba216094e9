package io.kitesql.plan;

import io.kitesql.expr.AggregateCall;
import io.kitesql.expr.Expr;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/** The expressions a plan node holds (not its children's), to visit or to rewrite. */
public final class PlanExpressions {
  private PlanExpressions() {}

  /** Calls {@code action} on every expression of {@code plan} and of all nodes below it. */
  public static void forEach(PlanNode plan, Consumer<Expr> action) {
    map(
        plan,
        e -> {
          action.accept(e);
          return e;
        });
    for (var child : plan.children()) {
      forEach(child, action);
    }
  }

  /** {@code node} with each of its own expressions replaced by {@code f(e)}; children unchanged. */
  public static PlanNode map(PlanNode node, UnaryOperator<Expr> f) {
    return switch (node) {
      case TableScan s ->
          s.withAccess(
              switch (s.access()) {
                case Access.FullScan full -> full;
                case Access.KeyRange r -> keyRange(r, f);
                case Access.AnyOf a ->
                    new Access.AnyOf(
                        a.branches().stream().map(b -> keyRange(b, f)).toList(),
                        a.conditions().stream().map(f).toList());
              });
      case Filter x -> new Filter(x.input(), f.apply(x.predicate()));
      case Project x ->
          new Project(x.input(), x.expressions().stream().map(f).toList(), x.output());
      case Aggregate x ->
          new Aggregate(
              x.input(),
              x.groupKeys().stream().map(f).toList(),
              x.aggregates().stream().map(a -> (AggregateCall) f.apply(a)).toList(),
              x.output());
      case Sort x -> new Sort(x.input(), keys(x.keys(), f));
      case TopN x -> new TopN(x.input(), keys(x.keys(), f), f.apply(x.limit()), x.offset().map(f));
      case Limit x -> new Limit(x.input(), x.limit().map(f), x.offset().map(f));
      case Distinct x -> x;
      case Values x ->
          new Values(
              x.rows().stream().map(row -> row.stream().map(f).toList()).toList(), x.output());
      case Join x -> new Join(x.kind(), x.left(), x.right(), x.condition().map(f), x.strategy());
      case SetOperation x -> x;
      case RecursiveUnion x -> x;
      case WorkTableScan x -> x;
      case Window x ->
          new Window(
              x.input(),
              x.calls().stream().map(c -> (io.kitesql.expr.WindowCall) f.apply(c)).toList(),
              x.output());
    };
  }

  private static Access.KeyRange keyRange(Access.KeyRange r, UnaryOperator<Expr> f) {
    return new Access.KeyRange(
        r.index(), r.ranges().stream().map(g -> range(g, f)).toList(), r.covered(), r.reverse());
  }

  private static Access.Range range(Access.Range r, UnaryOperator<Expr> f) {
    return new Access.Range(
        r.equal().stream().map(f).toList(),
        switch (r.next()) {
          case Access.Next.Any any -> any;
          case Access.Next.Between b ->
              new Access.Next.Between(
                  b.lower().map(f),
                  b.lowerInclusive(),
                  b.upper().map(f),
                  b.upperInclusive(),
                  b.nonNull());
          case Access.Next.LikePrefix p ->
              new Access.Next.LikePrefix(f.apply(p.pattern()), f.apply(p.escape()));
        });
  }

  private static java.util.List<SortKey> keys(java.util.List<SortKey> keys, UnaryOperator<Expr> f) {
    return keys.stream()
        .map(k -> new SortKey(f.apply(k.expression()), k.descending(), k.nullsFirst()))
        .toList();
  }
}
