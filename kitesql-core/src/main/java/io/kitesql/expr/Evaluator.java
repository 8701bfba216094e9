package io.kitesql.expr;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.Text;
import java.util.ArrayList;
import java.util.List;

/**
 * Evaluates bound expressions over a row and the bound parameters. Stateless and thread-safe.
 *
 * <p>Zero-copy: comparisons, IN, LIKE, POSITION and the length functions read {@link Text} in
 * place; SUBSTRING and TRIM return views; only functions that compute new text (UPPER, LOWER,
 * REPLACE, concatenation, CAST to text of a non-text value) allocate it. A LIKE pattern that is not
 * a literal is compiled per evaluation.
 */
public final class Evaluator {
  private Evaluator() {}

  /**
   * The value of {@code e}; null is SQL NULL.
   *
   * @param row the input row ({@link Expr.Column} indexes into it)
   * @param params the bound parameters ({@link Parameters#bind}); may be null if there are none
   */
  public static Object evaluate(Expr e, Object[] row, Object[] params) {
    return switch (e) {
      case Expr.Column c -> row[c.index()];
      case Expr.Literal l -> l.value();
      case Expr.Parameter p -> params[p.index()];
      case Expr.Negate n -> {
        Object v = evaluate(n.operand(), row, params);
        yield v == null ? null : NumericFunctions.negate(v);
      }
      case Expr.Arithmetic a -> arithmetic(a, row, params);
      case Expr.Comparison c -> compare(c, row, params);
      case Expr.IsDistinct d -> distinct(d, row, params);
      case Expr.And a -> and(a, row, params);
      case Expr.Or o -> or(o, row, params);
      case Expr.Not n -> {
        Boolean b = test(n.operand(), row, params);
        yield b == null ? null : !b;
      }
      case Expr.IsNull n -> (evaluate(n.operand(), row, params) == null) != n.negated();
      case Expr.IsBoolean b -> {
        Object v = evaluate(b.operand(), row, params);
        yield (v != null && (Boolean) v == b.value()) != b.negated();
      }
      case Expr.InList in -> in(in, row, params);
      case Expr.Between b -> between(b, row, params);
      case Expr.Like l -> like(l, row, params);
      case Expr.Case c -> caseOf(c, row, params);
      case Expr.Cast c -> Coercions.cast(evaluate(c.operand(), row, params), c.type());
      case Expr.Coalesce c -> {
        for (Expr arg : c.args()) {
          Object v = evaluate(arg, row, params);
          if (v != null) {
            yield Coercions.widen(v, c.type());
          }
        }
        yield null;
      }
      case Expr.NullIf n -> {
        Object a = evaluate(n.left(), row, params);
        Object b = evaluate(n.right(), row, params);
        yield a != null && b != null && Coercions.compare(a, b) == 0 ? null : a;
      }
      case Expr.FunctionCall f -> Functions.call(f, row, params);
      case SubqueryExpr q -> Subqueries.runtime().evaluate(q, row, params);
      case OuterRef r -> Subqueries.runtime().outer(r.slot());
      case AggregateCall a ->
          throw new KiteSqlException(
              ErrorCode.INTERNAL_ERROR,
              "aggregate " + Exprs.toSql(a) + " must be replaced by the planner before evaluation");
      case WindowCall w ->
          throw new KiteSqlException(
              ErrorCode.INTERNAL_ERROR,
              "window function "
                  + w.toSql()
                  + " must be replaced by the planner before evaluation");
    };
  }

  /** Evaluates a BOOLEAN expression: TRUE, FALSE or null (unknown). */
  public static Boolean test(Expr predicate, Object[] row, Object[] params) {
    return (Boolean) evaluate(predicate, row, params);
  }

  private static Object arithmetic(Expr.Arithmetic a, Object[] row, Object[] params) {
    Object l = evaluate(a.left(), row, params);
    if (l == null) {
      return null;
    }
    Object r = evaluate(a.right(), row, params);
    return r == null ? null : NumericFunctions.arithmetic(a.op(), l, r, a.type());
  }

  private static Boolean compare(Expr.Comparison c, Object[] row, Object[] params) {
    Object l = evaluate(c.left(), row, params);
    if (l == null) {
      return null;
    }
    Object r = evaluate(c.right(), row, params);
    return r == null ? null : c.op().test(Coercions.compare(l, r));
  }

  private static boolean distinct(Expr.IsDistinct d, Object[] row, Object[] params) {
    Object l = evaluate(d.left(), row, params);
    Object r = evaluate(d.right(), row, params);
    boolean distinct = l == null || r == null ? l != r : Coercions.compare(l, r) != 0;
    return distinct != d.negated();
  }

  private static Boolean and(Expr.And a, Object[] row, Object[] params) {
    Boolean l = test(a.left(), row, params);
    if (Boolean.FALSE.equals(l)) {
      return false;
    }
    Boolean r = test(a.right(), row, params);
    if (Boolean.FALSE.equals(r)) {
      return false;
    }
    return l == null || r == null ? null : true;
  }

  private static Boolean or(Expr.Or o, Object[] row, Object[] params) {
    Boolean l = test(o.left(), row, params);
    if (Boolean.TRUE.equals(l)) {
      return true;
    }
    Boolean r = test(o.right(), row, params);
    if (Boolean.TRUE.equals(r)) {
      return true;
    }
    return l == null || r == null ? null : false;
  }

  private static Boolean in(Expr.InList in, Object[] row, Object[] params) {
    Object v = evaluate(in.operand(), row, params);
    if (v == null) {
      return null;
    }
    boolean sawNull = false;
    for (Expr item : in.values()) {
      Object x = evaluate(item, row, params);
      if (x == null) {
        sawNull = true;
      } else if (Coercions.compare(v, x) == 0) {
        return !in.negated();
      }
    }
    return sawNull ? null : in.negated();
  }

  private static Boolean between(Expr.Between b, Object[] row, Object[] params) {
    Object v = evaluate(b.operand(), row, params);
    Object lo = evaluate(b.low(), row, params);
    Object hi = evaluate(b.high(), row, params);
    // Same three-valued result as (lo <= v AND v <= hi): one FALSE side decides.
    Boolean geLow = v == null || lo == null ? null : Coercions.compare(v, lo) >= 0;
    Boolean leHigh = v == null || hi == null ? null : Coercions.compare(v, hi) <= 0;
    Boolean r;
    if (Boolean.FALSE.equals(geLow) || Boolean.FALSE.equals(leHigh)) {
      r = false;
    } else {
      r = geLow == null || leHigh == null ? null : true;
    }
    return r == null ? null : r != b.negated();
  }

  private static Boolean like(Expr.Like l, Object[] row, Object[] params) {
    Object v = evaluate(l.operand(), row, params);
    if (v == null) {
      return null;
    }
    LikePattern p = l.compiled();
    if (p == null) {
      Object pattern = evaluate(l.pattern(), row, params);
      Object escape = evaluate(l.escape(), row, params);
      if (pattern == null) {
        return null;
      }
      p = LikePattern.compile((CharSequence) pattern, escape, l.caseInsensitive());
    }
    return p.matches((CharSequence) v) != l.negated();
  }

  private static Object caseOf(Expr.Case c, Object[] row, Object[] params) {
    for (Expr.When w : c.whens()) {
      if (Boolean.TRUE.equals(test(w.condition(), row, params))) {
        return Coercions.widen(evaluate(w.result(), row, params), c.type());
      }
    }
    return Coercions.widen(evaluate(c.otherwise(), row, params), c.type());
  }

  /** Evaluates every expression of {@code args}. */
  static List<Object> all(List<Expr> args, Object[] row, Object[] params) {
    var out = new ArrayList<Object>(args.size());
    for (Expr a : args) {
      out.add(evaluate(a, row, params));
    }
    return out;
  }
}
