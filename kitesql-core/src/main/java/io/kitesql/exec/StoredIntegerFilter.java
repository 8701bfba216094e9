package io.kitesql.exec;

import io.kitesql.expr.ComparisonOp;
import io.kitesql.expr.Expr;
import io.kitesql.value.Decimals;
import io.kitesql.value.TypeKind;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Optional;

/**
 * Passes the scan rows for which comparisons of integer columns with parameters or literals ({@code
 * amount > ?}) are all TRUE, reading the column from the stored row the scan stands on when the
 * scan {@linkplain ScanOperator#defer defers} it, so that the filter boxes nothing (the general
 * filter evaluates over the row array, which holds an {@code Integer} per value). When the scan
 * decodes the column after all (an index that covers the query), it reads the row array.
 */
final class StoredIntegerFilter implements Operator {
  /** One {@code column op operand} term; the operand is a parameter or an integer literal. */
  record Term(int column, ComparisonOp op, Expr operand) {
    /**
     * {@code c op x} or {@code x op c} of an integer column and an integer parameter or literal, or
     * null.
     */
    static Optional<Term> of(Expr e) {
      if (!(e instanceof Expr.Comparison c)) {
        return Optional.empty();
      }
      if (c.left() instanceof Expr.Column col
          && isOperand(c.right())
          && isInteger(col.type().kind())) {
        return Optional.of(new Term(col.index(), c.op(), c.right()));
      }
      if (c.right() instanceof Expr.Column col
          && isOperand(c.left())
          && isInteger(col.type().kind())) {
        return Optional.of(new Term(col.index(), c.op().flip(), c.left()));
      }
      return Optional.empty();
    }

    private static boolean isOperand(Expr e) {
      return (e instanceof Expr.Parameter || e instanceof Expr.Literal)
          && isInteger(e.type().kind());
    }

    private static boolean isInteger(TypeKind kind) {
      return kind == TypeKind.INT || kind == TypeKind.BIGINT;
    }
  }

  /**
   * One execution's operands of the terms, each as a long with the operator that compares a column
   * with it: an operand no integer equals ({@code 2.5}, {@code 1E+30}, only a parameter compared
   * exactly holds one) becomes an equivalent comparison with an integer ({@code c > 2.5} is {@code
   * c >= 3}; {@code c = 2.5} is never TRUE, {@code c < 1E+30} always for non-NULL c).
   */
  static final class Operands {
    private static final BigDecimal LONG_MIN = BigDecimal.valueOf(Long.MIN_VALUE);
    private static final BigDecimal LONG_MAX = BigDecimal.valueOf(Long.MAX_VALUE);
    private static final BigDecimal ABOVE_LONGS = LONG_MAX.add(BigDecimal.ONE);
    private static final BigDecimal BELOW_LONGS = LONG_MIN.subtract(BigDecimal.ONE);

    final long[] values;
    final ComparisonOp[] ops;

    Operands(int terms) {
      values = new long[terms];
      ops = new ComparisonOp[terms];
    }

    /** Fills in this execution's operands; false if one is NULL (x op NULL is never TRUE). */
    boolean evaluate(Term[] terms, Object[] parameters) {
      boolean none = true;
      for (int i = 0; i < terms.length; i++) {
        var value =
            switch (terms[i].operand()) {
              case Expr.Parameter p -> parameters[p.index()];
              case Expr.Literal l -> l.value();
              default -> throw new IllegalStateException("not an operand: " + terms[i].operand());
            };
        ops[i] = terms[i].op();
        switch (value) {
          case null -> none = false;
          case Integer v -> values[i] = v;
          case Long v -> values[i] = v;
          case BigDecimal d -> integral(i, d);
          // NaN sorts after every number
          case Double d ->
              integral(
                  i,
                  d == Double.NEGATIVE_INFINITY
                      ? BELOW_LONGS
                      : Double.isFinite(d) ? BigDecimal.valueOf(d) : ABOVE_LONGS);
          default -> throw new IllegalStateException("not a number: " + value.getClass());
        }
      }
      return none;
    }

    /** Term {@code i} against {@code d}, which an integer column value may not equal. */
    private void integral(int i, BigDecimal d) {
      var op = ops[i];
      var floor = Decimals.rounded(d, 0, RoundingMode.FLOOR, 20);
      if (floor.isEmpty()
          || floor.get().compareTo(LONG_MAX) > 0
          || floor.get().compareTo(LONG_MIN) < 0) {
        boolean above = d.signum() > 0;
        boolean always =
            op == ComparisonOp.NE
                || (above
                    ? op == ComparisonOp.LT || op == ComparisonOp.LE
                    : op == ComparisonOp.GT || op == ComparisonOp.GE);
        ops[i] = always ? ComparisonOp.LE : ComparisonOp.LT;
        values[i] =
            always ? Long.MAX_VALUE : Long.MIN_VALUE; // c <= MAX: every value; c < MIN: none
        return;
      }
      long f = floor.get().longValueExact();
      if (floor.get().compareTo(d) == 0) {
        values[i] = f;
        return;
      }
      switch (op) { // d lies between f and f + 1
        case EQ, NE -> {
          ops[i] = op == ComparisonOp.EQ ? ComparisonOp.LT : ComparisonOp.LE;
          values[i] = op == ComparisonOp.EQ ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
        case LT, LE -> {
          ops[i] = ComparisonOp.LE;
          values[i] = f;
        }
        case GT, GE -> {
          ops[i] = ComparisonOp.GT;
          values[i] = f;
        }
      }
    }
  }

  private final ScanOperator scan;
  private final Term[] terms;

  /** This execution's operands (unset when {@link #anyNull}). */
  private final Operands operands;

  /** Whether an operand is NULL in this execution: no row passes. */
  private boolean anyNull;

  private ExecutionBudget budget;

  StoredIntegerFilter(ScanOperator scan, Term[] terms) {
    this.scan = scan;
    this.terms = terms;
    this.operands = new Operands(terms.length);
  }

  @Override
  public void open(ExecutionContext ctx) {
    anyNull = !operands.evaluate(terms, ctx.parameters());
    budget = ctx.budget();
    scan.open(ctx);
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
  static boolean passes(
      Term[] terms, Operands operands, Object[] row, io.kitesql.codec.RowView view) {
    boolean stored = view != null;
    for (int i = 0; i < terms.length; i++) {
      var t = terms[i];
      long value;
      if (stored) {
        value = view.getIntegerOr(t.column(), Long.MIN_VALUE);
        if (value == Long.MIN_VALUE && view.isNull(t.column())) {
          return false; // NULL (a BIGINT may hold the marker itself)
        }
      } else {
        if (!(row[t.column()] instanceof Number n)) {
          return false; // NULL
        }
        value = n.longValue();
      }
      if (!operands.ops[i].test(Long.compare(value, operands.values[i]))) {
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
