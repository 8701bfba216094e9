package io.kitesql.expr;

import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A subquery in an expression: a scalar subquery, EXISTS, IN, or a quantified comparison (ANY,
 * SOME, ALL). {@code plan} is the subquery's plan (an {@code io.kitesql.plan.PlanNode}, opaque
 * here so that expressions stay below plans in the package order); the executor runs it through
 * the {@link SubqueryRuntime} bound for the execution.
 *
 * <p>A correlated subquery reads columns of the enclosing row through {@link OuterRef}s; their
 * values are {@code captures}, expressions over the enclosing row evaluated each time the
 * subquery starts. The captures are this node's children (after the operand), so rules that look
 * for the columns an expression reads see them.
 *
 * @param kind which form
 * @param operand the left operand of IN, ANY and ALL; null for SCALAR and EXISTS
 * @param op the comparison of ANY and ALL ({@code EQ} for IN)
 * @param negated NOT IN / NOT EXISTS
 */
public record SubqueryExpr(Kind kind, Expr operand, ComparisonOp op, boolean negated, Object plan, List<Expr> captures, DataType type)
    implements Expr {

  /** The forms of subquery expressions. */
  public enum Kind {
    SCALAR,
    EXISTS,
    IN,
    ANY,
    ALL
  }

  public SubqueryExpr {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(plan, "plan");
    Objects.requireNonNull(type, "type");
    captures = List.copyOf(captures);
    if ((operand == null) != (kind == Kind.SCALAR || kind == Kind.EXISTS)) {
      throw new IllegalArgumentException(kind + (operand == null ? " needs" : " takes no") + " operand");
    }
  }

  /** Whether the subquery reads the enclosing row (and so runs again for each one). */
  public boolean correlated() {
    return !captures.isEmpty();
  }

  @Override
  public List<Expr> children() {
    var children = new ArrayList<Expr>(captures.size() + 1);
    if (operand != null) {
      children.add(operand);
    }
    children.addAll(captures);
    return children;
  }

  @Override
  public Expr withChildren(List<Expr> children) {
    int first = operand == null ? 0 : 1;
    return new SubqueryExpr(kind, operand == null ? null : children.getFirst(), op, negated, plan,
        children.subList(first, children.size()), type);
  }

  /** SQL-ish text for EXPLAIN and error messages. */
  String describe(Function<Expr, String> print) {
    var body = "(subquery" + (correlated() ? " correlated" : "") + ")";
    return switch (kind) {
      case SCALAR -> body;
      case EXISTS -> (negated ? "NOT " : "") + "EXISTS " + body;
      case IN -> print.apply(operand) + (negated ? " NOT IN " : " IN ") + body;
      case ANY -> print.apply(operand) + " " + op.symbol() + " ANY " + body;
      case ALL -> print.apply(operand) + " " + op.symbol() + " ALL " + body;
    };
  }
}
