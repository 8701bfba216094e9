package io.kitesql.exec;

import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.plan.TableScan;
import java.util.ArrayList;
import java.util.Arrays;

/**
 * The rows of a filtered table scan with their refs, for the source of an UPDATE or DELETE ({@code
 * DELETE FROM t WHERE amount <= 500}): each stored row is decoded only as far as the predicate
 * reads it, and the other columns (and the row's ref) only for rows that pass. Integer comparisons
 * with a parameter or literal ({@link StoredIntegerFilter.Term}) read the stored row and box
 * nothing.
 *
 * <p>Why: a scan with refs decodes every column of every row into a new array, and the general
 * {@link FilterOperator} then drops the rows that fail. In a DELETE of half of a 10,000-row table
 * that decoding (text values copied out, integers boxed) of the dropped rows was about a tenth of
 * the statement's CPU time (JFR). Rows come out as {@link ScanOperator} with refs makes them: a new
 * array of the table's columns and the {@link io.kitesql.table.RowRef} after them.
 */
final class RefScanFilter implements Operator {
  private final ScanOperator scan;

  /**
   * Integer comparisons read from the stored row (nothing boxed), and the rest of the filter (null
   * if none).
   */
  private final StoredIntegerFilter.Term[] terms;

  private final StoredIntegerFilter.Operands operands;
  private final Expr rest;
  private boolean anyNull;

  /** Per table column: whether the predicate leaves it for rows that pass. */
  private final boolean[] later;

  private final int width;
  private boolean deferChecked;

  /** Whether the scan leaves {@link #later} columns undecoded (else its rows are complete). */
  private boolean deferring;

  private Object[] params;
  private ExecutionBudget budget;

  RefScanFilter(TableScan scan, Expr predicate) {
    this.scan = new ScanOperator(scan, false, true);
    var terms = new ArrayList<StoredIntegerFilter.Term>();
    var rest = new ArrayList<Expr>();
    for (var conjunct : Exprs.conjuncts(predicate)) {
      StoredIntegerFilter.Term.of(conjunct).ifPresentOrElse(terms::add, () -> rest.add(conjunct));
    }
    this.terms = terms.toArray(StoredIntegerFilter.Term[]::new);
    this.operands = new StoredIntegerFilter.Operands(this.terms.length);
    this.rest = rest.isEmpty() ? null : Exprs.and(rest);
    this.width = scan.table().columns().size();
    this.later = new boolean[width];
    var read = this.rest == null ? new java.util.BitSet() : Exprs.columns(this.rest);
    for (int c : scan.columns()) {
      later[c] = !read.get(c);
    }
  }

  /**
   * Whether {@code predicate} over a scan fits this operator: it has no subquery (a subquery could
   * read columns of the row this operator has not decoded yet).
   */
  static boolean fits(Expr predicate) {
    return !SubqueryExecutor.needed(predicate);
  }

  @Override
  public void open(ExecutionContext ctx) {
    params = ctx.parameters();
    budget = ctx.budget();
    anyNull = !operands.evaluate(terms, params);
    scan.open(ctx);
    if (!deferChecked) { // the scan's cursor exists after its first open; it keeps what it defers
      deferChecked = true;
      deferring = scan.defer(later);
    }
  }

  @Override
  public Object[] next() {
    if (anyNull) {
      return null;
    }
    for (var row = scan.next(); row != null; row = scan.next()) {
      budget.step();
      if (StoredIntegerFilter.passes(terms, operands, row, deferring ? scan.currentRow() : null)
          && (rest == null || Boolean.TRUE.equals(Evaluator.test(rest, row, params)))) {
        var out = Arrays.copyOf(row, width + 1);
        if (deferring) {
          var stored = scan.currentRow();
          for (int c = 0; c < width; c++) {
            if (later[c]) {
              out[c] = stored.getValue(c);
            }
          }
        }
        out[width] = scan.ref();
        return out;
      }
    }
    return null;
  }

  @Override
  public void close() {
    params = null;
    scan.close();
  }
}
