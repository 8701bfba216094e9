package io.kitesql.expr;

import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A subquery in an expression: a scalar subquery, EXISTS, IN, or a quantified comparison (ANY,
 * SOME, ALL). {@code plan} is the subquery's plan (a {@link QueryPlan}, opaque here so that
 * expressions stay below plans in the package order); the executor runs it through the {@link
 * SubqueryRuntime} bound for the execution.
 *
 * <p>A correlated subquery reads columns of the enclosing row through {@link OuterRef}s; their
 * values are {@code captures}, expressions over the enclosing row evaluated each time the subquery
 * starts. The captures are this node's children (after the operand), so rules that look for the
 * columns an expression reads see them.
 *
 * <p>The left operand of IN may be a row value ({@code (a, b) IN (SELECT x, y ...)}): then {@code
 * operands} holds its elements, one per column of the subquery.
 *
 * @param kind which form
 * @param operands the left operand of IN, ANY and ALL (several for a row value IN); empty for
 *     SCALAR and EXISTS
 * @param op the comparison of ANY and ALL ({@code EQ} for IN)
 * @param negated NOT IN / NOT EXISTS
 */
public record SubqueryExpr(
    Kind kind,
    List<Expr> operands,
    ComparisonOp op,
    boolean negated,
    QueryPlan plan,
    List<Expr> captures,
    DataType type)
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
    operands = List.copyOf(operands);
    captures = List.copyOf(captures);
    boolean none = kind == Kind.SCALAR || kind == Kind.EXISTS;
    if (operands.isEmpty() != none || (operands.size() > 1 && kind != Kind.IN)) {
      throw new IllegalArgumentException(kind + " with " + operands.size() + " operands");
    }
  }

  /** IN, ANY or ALL with one left operand. */
  public SubqueryExpr(
      Kind kind,
      Expr operand,
      ComparisonOp op,
      boolean negated,
      QueryPlan plan,
      List<Expr> captures,
      DataType type) {
    this(kind, List.of(operand), op, negated, plan, captures, type);
  }

  /** The single left operand of IN, ANY and ALL; see {@link #operands} for a row value. */
  public Expr operand() {
    if (operands.size() != 1) {
      throw new IllegalStateException(kind + " has " + operands.size() + " operands");
    }
    return operands.getFirst();
  }

  /** Whether this is a row value IN, {@code (a, b) IN (SELECT x, y ...)}. */
  public boolean rowValue() {
    return operands.size() > 1;
  }

  /** This subquery expression with its plan replaced (the optimizer's rewrite). */
  public SubqueryExpr withPlan(QueryPlan newPlan) {
    return new SubqueryExpr(kind, operands, op, negated, newPlan, captures, type);
  }

  /** Whether the subquery reads the enclosing row (and so runs again for each one). */
  public boolean correlated() {
    return !captures.isEmpty();
  }

  @Override
  public List<Expr> children() {
    var children = new ArrayList<Expr>(operands.size() + captures.size());
    children.addAll(operands);
    children.addAll(captures);
    return children;
  }

  @Override
  public Expr withChildren(List<Expr> children) {
    int first = operands.size();
    return new SubqueryExpr(
        kind,
        children.subList(0, first),
        op,
        negated,
        plan,
        children.subList(first, children.size()),
        type);
  }

  /** SQL-ish text for EXPLAIN and error messages. */
  String describe(Function<Expr, String> print) {
    var body = "(subquery" + (correlated() ? " correlated" : "") + ")";
    return switch (kind) {
      case SCALAR -> body;
      case EXISTS -> (negated ? "NOT " : "") + "EXISTS " + body;
      case IN ->
          (rowValue()
                  ? operands.stream().map(print).collect(Collectors.joining(", ", "(", ")"))
                  : print.apply(operand()))
              + (negated ? " NOT IN " : " IN ")
              + body;
      case ANY -> print.apply(operand()) + " " + op.symbol() + " ANY " + body;
      case ALL -> print.apply(operand()) + " " + op.symbol() + " ALL " + body;
    };
  }
}
