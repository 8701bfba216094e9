package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.Coercions;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.expr.Parameters;
import io.kitesql.expr.Types;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import io.kitesql.value.TypeKind;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * How the binders type an expression's operands: an untyped operand (a NULL literal, a parameter
 * not typed yet, a CASE of such) takes the type its context asks for, recording a parameter's type
 * in the statement's {@link Parameters}; an operand of the wrong type is {@code TYPE_MISMATCH}
 * naming where it stands. One per {@link ExpressionBinder}, shared with the binders it hands work
 * to.
 */
final class OperandTypes {
  private final Parameters params;

  /**
   * Parameter operands already counted by {@link #compared} (by identity: each is one occurrence).
   */
  private final Set<Expr> countedOperands = Collections.newSetFromMap(new IdentityHashMap<>());

  OperandTypes(Parameters params) {
    this.params = params;
  }

  /**
   * Whether {@code e} has no type of its own yet: a NULL literal, an untyped parameter, or a CASE
   * all of whose results are such ({@code CASE WHEN c THEN NULL END}); like a bare NULL, it takes
   * the type of its context, as in PostgreSQL and SQLite.
   */
  boolean untyped(Expr e) {
    return switch (e) {
      case Expr.Literal l -> l.value() == null;
      case Expr.Parameter p -> !params.isTyped(p.index());
      case Expr.Case c ->
          untyped(c.otherwise()) && c.whens().stream().allMatch(w -> untyped(w.result()));
      default -> false;
    };
  }

  /** {@code e} typed as {@code t} if it is untyped (recording a parameter's type), else e. */
  Expr adopt(Expr e, DataType t) {
    return switch (e) {
      case Expr.Literal l when l.value() == null -> new Expr.Literal(null, t);
      case Expr.Parameter p when !params.isTyped(p.index()) -> {
        params.recordType(p.index(), t);
        yield new Expr.Parameter(p.index(), t);
      }
      case Expr.Case c when untyped(c) ->
          new Expr.Case(
              c.whens().stream()
                  .map(w -> new Expr.When(w.condition(), adopt(w.result(), t)))
                  .toList(),
              adopt(c.otherwise(), t),
              t);
      default -> e;
    };
  }

  /**
   * {@code e} typed as {@code t} if it is untyped, where the context takes other types as well
   * ({@link Parameters#recordPreferredType}): a parameter given bytes is bound again as VARBINARY.
   */
  Expr adoptPreferred(Expr e, DataType t) {
    if (e instanceof Expr.Parameter p && !params.isTyped(p.index())) {
      params.recordPreferredType(p.index(), t);
      return new Expr.Parameter(p.index(), t);
    }
    return adopt(e, t);
  }

  /** {@code e} as a condition: untyped becomes BOOLEAN; other non-BOOLEAN is TYPE_MISMATCH. */
  Expr condition(Expr e, String where) {
    Expr r = adopt(e, DataType.BOOLEAN);
    if (r.type().kind() != TypeKind.BOOLEAN) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH,
          where + " needs a BOOLEAN condition, got " + r.type() + ": " + Exprs.toSql(r));
    }
    return r;
  }

  /** {@code e} as a number: untyped becomes {@code ifUntyped}; non-numeric is TYPE_MISMATCH. */
  Expr numeric(Expr e, DataType ifUntyped, String where) {
    Expr r = adopt(e, ifUntyped);
    if (!Types.isNumeric(r.type())) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH,
          where + " needs a number, got " + r.type() + ": " + Exprs.toSql(r));
    }
    return r;
  }

  /** {@code e} as text: untyped becomes VARCHAR; non-text is TYPE_MISMATCH. */
  Expr text(Expr e, String where) {
    Expr r = adopt(e, DataType.VARCHAR);
    if (r.type().kind() != TypeKind.VARCHAR) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH, where + " needs text, got " + r.type() + ": " + Exprs.toSql(r));
    }
    return r;
  }

  /**
   * {@link #comparable} for the operands of a comparison whose result is only its truth value
   * ({@code =}, {@code <}, IN, BETWEEN, a simple CASE's WHEN): a parameter operand is counted as
   * compared ({@link Parameters#recordComparedOccurrence}), so that a slot occurring only in
   * comparisons keeps its value's exact number.
   */
  Expr[] compared(Expr l, Expr r, String where) {
    Expr[] lr = comparable(l, r, where);
    countComparedOperand(l, lr[0]);
    countComparedOperand(r, lr[1]);
    return lr;
  }

  /**
   * Counts {@code before} once however many comparisons it is an operand of (BETWEEN's, IN's
   * operand).
   */
  private void countComparedOperand(Expr before, Expr after) {
    if (before instanceof Expr.Parameter p && countedOperands.add(before)) {
      params.recordComparedOccurrence(p.index());
    }
    countedOperands.add(after);
  }

  /**
   * Makes two operands comparable: an untyped side takes the other's type; a text literal against a
   * DATE/TIMESTAMP becomes a date literal.
   */
  Expr[] comparable(Expr l, Expr r, String where) {
    if (untyped(l) && !untyped(r)) {
      l = adopt(l, r.type());
    } else if (untyped(r)) {
      // both untyped: l may already carry its context's type (NULL IN (NULL, 1) made it INT)
      r = adopt(r, l.type());
    }
    l = dateLiteral(l, r.type());
    r = dateLiteral(r, l.type());
    if (!Types.comparable(l.type(), r.type())) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH,
          "cannot compare "
              + l.type()
              + " with "
              + r.type()
              + " in "
              + where
              + ": "
              + Exprs.toSql(l)
              + ", "
              + Exprs.toSql(r));
    }
    return new Expr[] {l, r};
  }

  private static Expr dateLiteral(Expr e, DataType other) {
    boolean temporal = other.kind() == TypeKind.DATE || other.kind() == TypeKind.TIMESTAMP;
    if (temporal && e instanceof Expr.Literal l && l.value() instanceof Text t) {
      return new Expr.Literal(Coercions.cast(t, other), other);
    }
    return e;
  }

  /** Gives every expression the common type of the typed ones (VARCHAR if none is typed). */
  List<Expr> unify(List<Expr> es, String where) {
    DataType t = commonType(es, where);
    return es.stream().map(e -> adopt(e, t)).toList();
  }

  /** The common type of the typed expressions among {@code es} (VARCHAR if none is typed). */
  DataType commonType(List<Expr> es, String where) {
    DataType common = null;
    for (Expr e : es) {
      if (!untyped(e)) {
        try {
          common = common == null ? e.type() : Types.commonType(common, e.type());
        } catch (KiteSqlException x) {
          throw new KiteSqlException(ErrorCode.TYPE_MISMATCH, where + ": " + x.reason(), x);
        }
      }
    }
    return common == null ? DataType.VARCHAR : common;
  }
}
