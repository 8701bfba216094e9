package io.kitesql.exec;

import io.kitesql.codec.RowView;
import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import io.kitesql.value.TypeKind;
import java.util.List;

/**
 * Computes the output expressions for each input row.
 *
 * <p>At the root of a query over a scan ({@link Operators#buildForCursor}), output columns that are
 * plain integer columns no other operator reads are {@linkplain DeferredColumns deferred}: the scan
 * does not decode them, and the cursor reads them from the stored row, unboxed.
 */
final class ProjectOperator implements Operator, DeferredColumns {
  private final Operator input;
  private final Expr[] expressions;

  /** The one output array when the consumer keeps no row, else null (a new array per row). */
  private final Object[] reused;

  /** The scan whose stored row deferred columns are read from, or null (nothing deferrable). */
  private final ScanOperator scan;

  /** The table columns the scan may leave undecoded (by position). */
  private final boolean[] scanDeferrable;

  /** Per output column: the table column it may defer, or -1; null if none. */
  private final int[] deferrable;

  /**
   * Per output column: the table column it defers, or -1; null until the first open, or nothing
   * deferred.
   */
  private int[] deferred;

  /** Per output column: whether it is an INT (read with getInt) rather than a BIGINT. */
  private final boolean[] ints;

  private boolean deferralDecided;
  private Object[] params;

  ProjectOperator(Operator input, List<Expr> expressions, boolean transientRows) {
    this(input, expressions, transientRows, null, null, null);
  }

  /**
   * With {@code deferrable} output columns (per column: table column or -1; null for none) read
   * from {@code scan}'s stored rows, where the scan leaves the {@code scanDeferrable} columns
   * undecoded ({@link Deferral}).
   */
  ProjectOperator(
      Operator input,
      List<Expr> expressions,
      boolean transientRows,
      ScanOperator scan,
      boolean[] scanDeferrable,
      int[] deferrable) {
    this.input = input;
    this.expressions = expressions.toArray(Expr[]::new);
    this.reused = transientRows ? new Object[this.expressions.length] : null;
    this.scan = scan;
    this.scanDeferrable = scanDeferrable;
    this.deferrable = deferrable;
    this.ints = new boolean[this.expressions.length];
    for (int i = 0; i < ints.length; i++) {
      ints[i] = this.expressions[i].type().kind() == TypeKind.INT;
    }
  }

  @Override
  public void open(ExecutionContext ctx) {
    params = ctx.parameters();
    input.open(ctx);
    if (!deferralDecided && scan != null) {
      // the scan's cursor exists from its first open on: it tells whether rows come from a stored
      // row
      deferralDecided = true;
      deferred = scan.defer(scanDeferrable) ? deferrable : null;
    }
  }

  @Override
  public Object[] next() {
    var row = input.next();
    if (row == null) {
      return null;
    }
    var out = reused != null ? reused : new Object[expressions.length];
    var skip = deferred;
    for (int i = 0; i < out.length; i++) {
      if (skip != null && skip[i] >= 0) {
        continue; // read through DeferredColumns; the slot stays null
      }
      out[i] =
          expressions[i] instanceof Expr.Column c
              ? row[c.index()]
              : Evaluator.evaluate(expressions[i], row, params);
    }
    return out;
  }

  /**
   * Skips through to the input when every expression is a column or a literal (no row needs to be
   * made, and none could fail); else row by row.
   */
  @Override
  public long skip(long n) {
    for (var e : expressions) {
      if (!(e instanceof Expr.Column || e instanceof Expr.Literal)) {
        return Operator.super.skip(n);
      }
    }
    return input.skip(n);
  }

  @Override
  public boolean isDeferred(int i) {
    var d = deferred;
    return d != null && d[i] >= 0;
  }

  @Override
  public boolean isNull(int i) {
    return view().isNull(deferred[i]);
  }

  @Override
  public long getLong(int i) {
    var view = view();
    int column = deferred[i];
    return ints[i] ? view.getInt(column) : view.getLong(column);
  }

  @Override
  public Object get(int i) {
    return view().getValue(deferred[i]);
  }

  private RowView view() {
    return scan.currentRow();
  }

  @Override
  public void close() {
    params = null;
    input.close();
  }
}
