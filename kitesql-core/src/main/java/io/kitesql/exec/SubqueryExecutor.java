package io.kitesql.exec;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.Coercions;
import io.kitesql.expr.ComparisonOp;
import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Subqueries;
import io.kitesql.expr.SubqueryExpr;
import io.kitesql.expr.SubqueryRuntime;
import io.kitesql.plan.PlanNode;
import io.kitesql.value.Text;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Runs the subqueries of one execution. An uncorrelated subquery runs once and its rows are kept
 * for the rest of the execution; a correlated one runs again for every enclosing row, with the
 * values it captures from that row on a stack that {@link io.kitesql.expr.OuterRef}s read. All of
 * it is dropped by {@link #close}: nothing survives into the next execution (an IN-subquery result
 * kept across executions would answer from an earlier transaction: SubqueryReuseTest).
 *
 * <p>Values are the rows' own: text stays borrowed.
 */
public final class SubqueryExecutor implements SubqueryRuntime {
  private final ExecutionContext ctx;
  private final IdentityHashMap<SubqueryExpr, List<Object>> cached = new IdentityHashMap<>();
  private final IdentityHashMap<SubqueryExpr, Operator> operators = new IdentityHashMap<>();

  /**
   * The hash sets of uncorrelated IN subqueries' values, made at their first use in this execution.
   */
  private final IdentityHashMap<SubqueryExpr, InSet> inSets = new IdentityHashMap<>();

  private final ArrayDeque<Object[]> frames = new ArrayDeque<>();

  public SubqueryExecutor(ExecutionContext ctx) {
    this.ctx = ctx;
  }

  /** Runs {@code work} with this executor bound for the expressions it evaluates. */
  public <T> T run(Supplier<T> work) {
    return ScopedValue.where(Subqueries.RUNTIME, this).call(work::get);
  }

  @Override
  public Object outer(int slot) {
    var frame = frames.peek();
    if (frame == null) {
      throw new KiteSqlException(
          ErrorCode.INTERNAL_ERROR, "outer reference outside a correlated subquery");
    }
    return frame[slot];
  }

  @Override
  public Object evaluate(SubqueryExpr s, Object[] row, Object[] params) {
    return switch (s.kind()) {
      case SCALAR -> scalar(values(s, row, params, 2));
      case EXISTS -> values(s, row, params, 1).isEmpty() == s.negated();
      case IN -> {
        var rows = values(s, row, params, Integer.MAX_VALUE);
        Boolean in =
            s.rowValue()
                ? rowIn(s, row, params, rows)
                : in(s, Evaluator.evaluate(s.operand(), row, params), rows);
        yield in == null || !s.negated() ? in : Boolean.valueOf(!in);
      }
      case ANY ->
          quantified(
              Evaluator.evaluate(s.operand(), row, params),
              s.op(),
              values(s, row, params, Integer.MAX_VALUE),
              true);
      case ALL ->
          quantified(
              Evaluator.evaluate(s.operand(), row, params),
              s.op(),
              values(s, row, params, Integer.MAX_VALUE),
              false);
    };
  }

  @Override
  public List<Object> values(SubqueryExpr s, Object[] params) {
    if (s.correlated()) {
      throw new KiteSqlException(
          ErrorCode.INTERNAL_ERROR, "the values of a correlated subquery without its row");
    }
    return values(s, new Object[0], params, Integer.MAX_VALUE);
  }

  /**
   * {@code v IN (values)}: through a hash set of the values when the subquery is not correlated
   * (its values are the same for every row: O(1) per row instead of a comparison per value) and its
   * values and {@code v} are of kinds whose SQL equality a hash can decide ({@link #hashKey}); else
   * by {@link #quantified}.
   */
  private Boolean in(SubqueryExpr s, Object v, List<Object> values) {
    if (s.correlated() || values.isEmpty() || v == null) {
      return quantified(v, ComparisonOp.EQ, values, true);
    }
    var set = inSets.computeIfAbsent(s, x -> InSet.of(values));
    var key = hashKey(v);
    if (set.keys() == null || key == null || key.getClass() != set.kind()) {
      return quantified(v, ComparisonOp.EQ, values, true);
    }
    return set.keys().contains(key) ? Boolean.TRUE : set.sawNull() ? null : Boolean.FALSE;
  }

  /**
   * A value as a hash key whose equality is SQL's: integers of any width as one Long, text (by its
   * bytes, borrowed text in place) and booleans as they are; null for the kinds whose SQL equality
   * crosses classes in ways a hash cannot follow (DOUBLE, DECIMAL, dates with timestamps).
   */
  private static Object hashKey(Object v) {
    return switch (v) {
      case Integer i -> (long) i;
      case Long l -> l;
      case Short s -> (long) s;
      case Text t -> t;
      case Boolean b -> b;
      default -> null;
    };
  }

  /**
   * The values of an IN subquery as hash keys, all of class {@code kind} ({@code keys} null if they
   * cannot be: a value {@link #hashKey} refuses, or keys of two classes), and whether one is NULL.
   */
  private record InSet(Set<Object> keys, Class<?> kind, boolean sawNull) {
    static InSet of(List<Object> values) {
      var keys = new HashSet<Object>(Math.max(16, values.size() * 2));
      Class<?> kind = null;
      boolean sawNull = false;
      for (var x : values) {
        if (x == null) {
          sawNull = true;
          continue;
        }
        var key = hashKey(x);
        if (key == null || (kind != null && key.getClass() != kind)) {
          return new InSet(null, Object.class, sawNull);
        }
        kind = key.getClass();
        keys.add(key);
      }
      return new InSet(keys, kind == null ? Object.class : kind, sawNull);
    }
  }

  private static Object scalar(List<Object> values) {
    if (values.size() > 1) {
      throw new KiteSqlException(
          ErrorCode.CARDINALITY_VIOLATION, "a scalar subquery returned more than one row");
    }
    return values.isEmpty() ? null : values.getFirst();
  }

  /**
   * ANY (and IN) is TRUE if some comparison is TRUE, else NULL if some is NULL, else FALSE; ALL is
   * FALSE if some comparison is FALSE, else NULL if some is NULL, else TRUE (so ALL over no rows is
   * TRUE and ANY over no rows FALSE, whatever the operand).
   */
  private static Boolean quantified(Object v, ComparisonOp op, List<Object> values, boolean any) {
    boolean sawNull = false;
    for (var x : values) {
      if (v == null || x == null) {
        sawNull = true;
        continue;
      }
      boolean result = op.test(Coercions.compare(v, x));
      if (result == any) {
        return any;
      }
    }
    return sawNull ? null : !any;
  }

  /**
   * {@code (a, b, ...) IN (rows)}: TRUE if the operand equals some row, else NULL if it may equal
   * one (a row whose comparison is NULL: a NULL on either side and no pair unequal), else FALSE.
   */
  private static Boolean rowIn(SubqueryExpr s, Object[] row, Object[] params, List<Object> rows) {
    var operand = new Object[s.operands().size()];
    for (int i = 0; i < operand.length; i++) {
      operand[i] = Evaluator.evaluate(s.operands().get(i), row, params);
    }
    boolean sawNull = false;
    for (var candidate : rows) {
      Boolean equal = rowEquals(operand, (Object[]) candidate);
      if (equal == null) {
        sawNull = true;
      } else if (equal) {
        return true;
      }
    }
    return sawNull ? null : false;
  }

  /** Row equality in three-valued logic: the AND of the pairs' {@code =}. */
  private static Boolean rowEquals(Object[] left, Object[] right) {
    boolean sawNull = false;
    for (int i = 0; i < left.length; i++) {
      if (left[i] == null || right[i] == null) {
        sawNull = true;
      } else if (Coercions.compare(left[i], right[i]) != 0) {
        return false;
      }
    }
    return sawNull ? null : true;
  }

  /**
   * The first column (all, for a row value IN) of the subquery's rows (at most {@code limit} of
   * them) for this enclosing row.
   */
  private List<Object> values(SubqueryExpr s, Object[] row, Object[] params, int limit) {
    if (!s.correlated()) {
      var known = cached.get(s);
      if (known == null) {
        known = read(s, Integer.MAX_VALUE);
        cached.put(s, known);
      }
      return known;
    }
    var frame = new Object[s.captures().size()];
    for (int i = 0; i < frame.length; i++) {
      frame[i] = Evaluator.evaluate(s.captures().get(i), row, params);
    }
    frames.push(frame);
    try {
      return read(s, limit);
    } finally {
      frames.pop();
    }
  }

  private List<Object> read(SubqueryExpr s, int limit) {
    var op = operators.computeIfAbsent(s, x -> Operators.build((PlanNode) x.plan(), false));
    var values = new ArrayList<Object>();
    op.open(ctx);
    try {
      for (var r = op.next(); r != null && values.size() < limit; r = op.next()) {
        // a row value IN keeps the rows' own values (references, text stays borrowed)
        values.add(
            r.length == 0
                ? Boolean.TRUE
                : s.rowValue() ? Arrays.copyOf(r, s.operands().size()) : r[0]);
      }
    } finally {
      op.close();
    }
    return values;
  }

  /** Forgets every result and operator of this execution. */
  public void close() {
    cached.clear();
    inSets.clear();
    operators.clear();
    frames.clear();
  }

  /** Whether a plan needs a subquery executor at all. */
  public static boolean needed(PlanNode plan) {
    var found = new boolean[1];
    io.kitesql.plan.PlanExpressions.forEach(
        plan, e -> found[0] |= io.kitesql.expr.Subqueries.containsSubquery(e));
    return found[0];
  }

  public static boolean needed(Expr e) {
    return Subqueries.containsSubquery(e);
  }
}
