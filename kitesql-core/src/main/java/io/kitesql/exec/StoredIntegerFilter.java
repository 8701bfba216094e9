package io.kitesql.exec;

import io.kitesql.expr.ComparisonOp;
import io.kitesql.expr.Expr;
import io.kitesql.value.TypeKind;
import java.util.Optional;

/**
 * Passes the scan rows for which comparisons of integer columns with parameters or literals
 * ({@code amount > ?}) are all TRUE, reading the column from the stored row the scan stands on
 * when the scan {@linkplain ScanOperator#defer defers} it, so that the filter boxes nothing (the
 * general filter evaluates over the row array, which holds an {@code Integer} per value). When
 * the scan decodes the column after all (an index that covers the query), it reads the row array.
 */
final class StoredIntegerFilter implements Operator {
  /** One {@code column op operand} term; the operand is a parameter or an integer literal. */
  record Term(int column, boolean isInt, ComparisonOp op, Expr operand) {
    /** {@code c op x} or {@code x op c} of an integer column and an integer parameter or literal, or null. */
    static Optional<Term> of(Expr e) {
      if (!(e instanceof Expr.Comparison c)) {
        return Optional.empty();
      }
      if (c.left() instanceof Expr.Column col && isOperand(c.right()) && isInteger(col.type().kind())) {
        return Optional.of(new Term(col.index(), col.type().kind() == TypeKind.INT, c.op(), c.right()));
      }
      if (c.right() instanceof Expr.Column col && isOperand(c.left()) && isInteger(col.type().kind())) {
        return Optional.of(new Term(col.index(), col.type().kind() == TypeKind.INT, c.op().flip(), c.left()));
      }
      return Optional.empty();
    }

    private static boolean isOperand(Expr e) {
      return (e instanceof Expr.Parameter || e instanceof Expr.Literal) && isInteger(e.type().kind());
    }

    private static boolean isInteger(TypeKind kind) {
      return kind == TypeKind.INT || kind == TypeKind.BIGINT;
    }
  }

  private final ScanOperator scan;
  private final Term[] terms;
  /** Per term, this execution's operand (unset when {@link #anyNull}). */
  private final long[] operands;
  /** Whether an operand is NULL in this execution: no row passes. */
  private boolean anyNull;
  private ExecutionBudget budget;

  StoredIntegerFilter(ScanOperator scan, Term[] terms) {
    this.scan = scan;
    this.terms = terms;
    this.operands = new long[terms.length];
  }

  @Override
  public void open(ExecutionContext ctx) {
    anyNull = !operands(terms, ctx.parameters(), operands);
    budget = ctx.budget();
    scan.open(ctx);
  }

  /** Fills {@code operands} with this execution's operand of each term; false if one is NULL (x op NULL is never TRUE). */
  static boolean operands(Term[] terms, Object[] parameters, long[] operands) {
    boolean none = true;
    for (int i = 0; i < terms.length; i++) {
      var value = switch (terms[i].operand()) {
        case Expr.Parameter p -> parameters[p.index()];
        case Expr.Literal l -> l.value();
        default -> throw new IllegalStateException("not an operand: " + terms[i].operand());
      };
      if (value == null) {
        none = false;
      } else {
        operands[i] = ((Number) value).longValue();
      }
    }
    return none;
  }

  @Override
  public Object[] next() {
    if (anyNull) {
      return null;
    }
    for (var row = scan.next(); row != null; row = scan.next()) {
      budget.step();
      if (passes(row)) {
        return row;
      }
    }
    return null;
  }

  private boolean passes(Object[] row) {
    return passes(terms, operands, row, scan.deferring() ? scan.currentRow() : null);
  }

  /**
   * Whether every term is TRUE for the row: read from {@code view} (the stored row) when not null,
   * else from {@code row}.
   */
  static boolean passes(Term[] terms, long[] operands, Object[] row, io.kitesql.codec.RowView view) {
    boolean stored = view != null;
    for (int i = 0; i < terms.length; i++) {
      var t = terms[i];
      long value;
      if (stored) {
        if (view.isNull(t.column())) {
          return false;
        }
        value = t.isInt() ? view.getInt(t.column()) : view.getLong(t.column());
      } else {
        if (!(row[t.column()] instanceof Number n)) {
          return false; // NULL
        }
        value = n.longValue();
      }
      if (!t.op().test(Long.compare(value, operands[i]))) {
        return false;
      }
    }
    return true;
  }

  /** The scan this filter reads. */
  ScanOperator scan() {
    return scan;
  }

  @Override
  public void close() {
    scan.close();
  }
}
