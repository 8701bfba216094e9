package io.kitesql.expr;

import io.kitesql.KiteSqlException;
import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.IntUnaryOperator;

/** Tree utilities for the planner: conjuncts, column sets, rewriting, folding, printing. */
public final class Exprs {
  private Exprs() {}

  /** The operands of a tree of ANDs, left to right ({@code [e]} if {@code e} is no AND). */
  public static List<Expr> conjuncts(Expr e) {
    var out = new ArrayList<Expr>();
    collectConjuncts(e, out);
    return out;
  }

  /** The operands of a chain of ORs ({@code e} alone if it is no OR). */
  public static List<Expr> disjuncts(Expr e) {
    var out = new ArrayList<Expr>();
    collectDisjuncts(e, out);
    return out;
  }

  private static void collectDisjuncts(Expr e, List<Expr> out) {
    if (e instanceof Expr.Or o) {
      collectDisjuncts(o.left(), out);
      collectDisjuncts(o.right(), out);
    } else {
      out.add(e);
    }
  }

  private static void collectConjuncts(Expr e, List<Expr> out) {
    if (e instanceof Expr.And a) {
      collectConjuncts(a.left(), out);
      collectConjuncts(a.right(), out);
    } else {
      out.add(e);
    }
  }

  /** The AND of {@code terms} (left-deep); a TRUE literal for none. */
  public static Expr and(List<Expr> terms) {
    if (terms.isEmpty()) {
      return new Expr.Literal(Boolean.TRUE, DataType.BOOLEAN);
    }
    Expr r = terms.getFirst();
    for (int i = 1; i < terms.size(); i++) {
      r = new Expr.And(r, terms.get(i));
    }
    return r;
  }

  /** The input column indexes {@code e} reads. */
  public static BitSet columns(Expr e) {
    var out = new BitSet();
    visit(
        e,
        x -> {
          if (x instanceof Expr.Column c) {
            out.set(c.index());
          }
        });
    return out;
  }

  private static void visit(Expr e, java.util.function.Consumer<Expr> action) {
    PlanningBudget.check();
    action.accept(e);
    for (Expr c : e.children()) {
      visit(c, action);
    }
  }

  /** {@code e} with every column index {@code i} replaced by {@code mapping(i)}. */
  public static Expr remap(Expr e, IntUnaryOperator mapping) {
    return replace(
        e,
        x ->
            x instanceof Expr.Column c
                ? Optional.of(new Expr.Column(mapping.applyAsInt(c.index()), c.type(), c.name()))
                : Optional.empty());
  }

  /**
   * Top-down replacement: where {@code rewriter} returns a value the node is replaced by it (and
   * not descended into); elsewhere the children are rewritten. Unchanged subtrees are kept.
   */
  public static Expr replace(Expr e, Function<Expr, Optional<Expr>> rewriter) {
    PlanningBudget.check();
    Optional<Expr> r = rewriter.apply(e);
    if (r.isPresent()) {
      return r.get();
    }
    List<Expr> children = e.children();
    if (children.isEmpty()) {
      return e;
    }
    var next = new ArrayList<Expr>(children.size());
    boolean changed = false;
    for (Expr c : children) {
      Expr n = replace(c, rewriter);
      changed |= n != c;
      next.add(n);
    }
    return changed ? e.withChildren(next) : e;
  }

  /** Whether {@code e} contains an aggregate call. */
  public static boolean containsAggregate(Expr e) {
    return !aggregates(e).isEmpty();
  }

  /** The aggregate calls in {@code e}, in tree order (duplicates kept). */
  public static List<AggregateCall> aggregates(Expr e) {
    var out = new ArrayList<AggregateCall>();
    visit(
        e,
        x -> {
          if (x instanceof AggregateCall a) {
            out.add(a);
          }
        });
    return out;
  }

  /** Whether {@code e} reads no column, parameter or aggregate: its value is fixed. */
  public static boolean isConstant(Expr e) {
    var found = new boolean[1];
    visit(
        e,
        x ->
            found[0] |=
                x instanceof Expr.Column
                    || x instanceof Expr.Parameter
                    || x instanceof AggregateCall
                    || x instanceof SubqueryExpr
                    || x instanceof OuterRef
                    || x instanceof WindowCall);
    return !found[0];
  }

  /**
   * Constant folding: every subtree that reads no column, parameter or aggregate is evaluated once
   * and replaced by a literal. A subtree whose evaluation fails (say {@code 1/0}) is kept as it is,
   * so the error surfaces when the statement executes, not when it is prepared (a branch never
   * reached, like {@code CASE WHEN FALSE THEN 1/0 END}, then raises nothing).
   */
  public static Expr fold(Expr e) {
    PlanningBudget.check();
    if (e instanceof Expr.Literal
        || e instanceof Expr.Column
        || e instanceof Expr.Parameter
        || e instanceof AggregateCall
        || e instanceof WindowCall) {
      return e;
    }
    List<Expr> children = e.children();
    var next = new ArrayList<Expr>(children.size());
    boolean allLiteral = true;
    boolean changed = false;
    for (Expr c : children) {
      Expr f = fold(c);
      changed |= f != c;
      allLiteral &= f instanceof Expr.Literal;
      next.add(f);
    }
    try {
      // Rebuilding can fail too: a LIKE compiles a literal pattern when it is made.
      Expr n = changed ? e.withChildren(next) : e;
      if (!allLiteral) {
        return n;
      }
      return new Expr.Literal(Evaluator.evaluate(n, new Object[0], new Object[0]), n.type());
    } catch (KiteSqlException ex) {
      return e;
    }
  }

  /** SQL text of {@code e}, for EXPLAIN and default column names (e.g. {@code a + 1}). */
  public static String toSql(Expr e) {
    return ExprPrinter.print(e);
  }
}
