package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Parameters;
import io.kitesql.expr.Types;
import io.kitesql.plan.Distinct;
import io.kitesql.plan.Filter;
import io.kitesql.plan.Limit;
import io.kitesql.plan.OutputColumn;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Project;
import io.kitesql.plan.SetOperation;
import io.kitesql.plan.Sort;
import io.kitesql.plan.Values;
import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.List;

/**
 * Result types of columns that several rows or queries feed (VALUES rows, set operation branches):
 * the common type of the typed inputs, where a bare NULL or an untyped parameter has no type of its
 * own and takes the others' (VARCHAR if nothing is typed), as in CASE and COALESCE.
 */
final class ColumnTypes {
  private final Parameters params;

  ColumnTypes(Parameters params) {
    this.params = params;
  }

  /** Whether {@code e} has no type of its own: a NULL literal or a parameter not typed yet. */
  boolean untyped(Expr e) {
    return (e instanceof Expr.Literal l && l.value() == null)
        || (e instanceof Expr.Parameter p && !params.isTyped(p.index()));
  }

  /**
   * The common type of {@code types}, skipping those whose position in {@code untyped} is set.
   *
   * @throws KiteSqlException TYPE_MISMATCH naming {@code where} if there is none
   */
  static DataType common(List<DataType> types, List<Boolean> untyped, String where) {
    DataType common = null;
    for (int i = 0; i < types.size(); i++) {
      if (untyped.get(i)) {
        continue;
      }
      try {
        common = common == null ? types.get(i) : Types.commonType(common, types.get(i));
      } catch (KiteSqlException x) {
        throw new KiteSqlException(ErrorCode.TYPE_MISMATCH, where + ": " + x.reason(), x);
      }
    }
    return common == null ? types.getFirst() : common;
  }

  /** {@code e} as a value of type {@code t}: untyped takes it, another type is cast. */
  Expr coerce(Expr e, DataType t) {
    if (e instanceof Expr.Literal l && l.value() == null) {
      return new Expr.Literal(null, t);
    }
    if (e instanceof Expr.Parameter p && !params.isTyped(p.index())) {
      params.recordType(p.index(), t);
      return new Expr.Parameter(p.index(), t);
    }
    // Same kind and a wider VARCHAR/VARBINARY: the value is already valid, keep it as it is.
    return e.type().equals(t) || sameKindWider(e.type(), t) ? e : new Expr.Cast(e, t);
  }

  private static boolean sameKindWider(DataType from, DataType to) {
    return from.kind() == to.kind()
        && to.scale() == from.scale()
        && (to.length() == 0 || (from.length() != 0 && from.length() <= to.length()))
        && from.kind() != io.kitesql.value.TypeKind.DECIMAL;
  }

  /** Whether column {@code i} of {@code plan} is produced only by untyped expressions. */
  boolean untypedColumn(PlanNode plan, int i) {
    return switch (plan) {
      case Project p ->
          untyped(p.expressions().get(i))
              || (p.expressions().get(i) instanceof Expr.Column c
                  && untypedColumn(p.input(), c.index()));
      case Values v ->
          !v.rows().isEmpty() && v.rows().stream().allMatch(row -> untyped(row.get(i)));
      case SetOperation s -> untypedColumn(s.left(), i) && untypedColumn(s.right(), i);
      case Filter f -> untypedColumn(f.input(), i);
      case Sort s -> untypedColumn(s.input(), i);
      case Limit l -> untypedColumn(l.input(), i);
      case Distinct d -> untypedColumn(d.input(), i);
      default -> false;
    };
  }

  /** {@code plan} with its columns converted to {@code types} (a projection if any differs). */
  static PlanNode convert(PlanNode plan, List<DataType> types) {
    var out = plan.output();
    var exprs = new ArrayList<Expr>();
    var cols = new ArrayList<OutputColumn>();
    boolean changed = false;
    for (int i = 0; i < out.size(); i++) {
      var c = out.get(i);
      var t = types.get(i);
      Expr ref = new Expr.Column(i, c.type(), c.name());
      boolean same = c.type().equals(t) || sameKindWider(c.type(), t);
      changed |= !c.type().equals(t);
      exprs.add(same ? ref : new Expr.Cast(ref, t));
      cols.add(new OutputColumn(c.name(), t, c.qualifier()));
    }
    return changed ? new Project(plan, exprs, cols) : plan;
  }
}
