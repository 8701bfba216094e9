package io.kitesql.exec;

import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import io.kitesql.plan.Join;
import io.kitesql.plan.JoinStrategy;
import io.kitesql.plan.TableScan;
import io.kitesql.table.TableCursor;
import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * For each left row, looks its matches up in the right table through the primary key or an index
 * (an index nested-loop join): no pass over the whole right table. A NULL key matches nothing.
 * INNER and LEFT joins only. One right-side cursor, made on first use, is reopened for every probe
 * (its rows are combined into new rows at once, so it decodes them into one array).
 */
final class IndexLookupJoinOperator implements Operator {
  private final Operator left;
  private final Join join;
  private final JoinStrategy.IndexLookup lookup;
  private final TableScan scan;
  private final Optional<Expr> rightFilter;
  private final int[] columns;
  private final int leftWidth;
  private final int rightWidth;

  /** The right table's key types, for coercing the left row's key values. */
  private final DataType[] keyTypes;

  private final List<Object> keyValues = new ArrayList<>();
  private ExecutionContext ctx;
  private Object[] current;
  private boolean currentMatched;

  /** Made at the first probe's open, reopened for every probe. */
  private TableCursor cursor;

  /** Whether {@link #cursor} is open on the current left row's matches. */
  private boolean probing;

  IndexLookupJoinOperator(
      Operator left,
      Join join,
      JoinStrategy.IndexLookup lookup,
      TableScan scan,
      Optional<Expr> rightFilter) {
    this.left = left;
    this.join = join;
    this.lookup = lookup;
    this.scan = scan;
    this.rightFilter = rightFilter;
    this.columns = scan.columns().stream().mapToInt(Integer::intValue).toArray();
    this.leftWidth = join.left().output().size();
    this.rightWidth = join.right().output().size();
    this.keyTypes = scan.table().keyTypes(lookup.index());
  }

  @Override
  public void open(ExecutionContext context) {
    ctx = context;
    if (cursor == null) { // one store for the operator's life, as in ScanOperator
      cursor = context.stores().apply(scan.table()).cursor(lookup.index(), columns, false, true);
    }
    left.open(context);
    current = null;
  }

  @Override
  public Object[] next() {
    while (true) {
      if (current == null) {
        ctx.budget().step();
        current = left.next();
        if (current == null) {
          return null;
        }
        currentMatched = false;
        probing = lookup(current);
      }
      while (probing && cursor.next()) {
        ctx.budget().step();
        var rightRow = cursor.row();
        if (rightFilter.isPresent()
            && !Boolean.TRUE.equals(
                Evaluator.test(rightFilter.get(), rightRow, ctx.parameters()))) {
          continue;
        }
        var row = JoinRows.combine(current, leftWidth, rightRow, rightWidth);
        if (join.condition().isEmpty()
            || Boolean.TRUE.equals(Evaluator.test(join.condition().get(), row, ctx.parameters()))) {
          currentMatched = true;
          return row;
        }
      }
      closeCursor();
      var finished = current;
      current = null;
      if (!currentMatched && join.kind().keepsUnmatchedLeft()) {
        return JoinRows.combine(finished, leftWidth, null, rightWidth);
      }
    }
  }

  /**
   * Opens the cursor on the right rows whose key equals the left row's key values; false if one is
   * NULL or no key equals it (a DECIMAL(14, 2) value beyond a DECIMAL(12, 2) key's range).
   */
  private boolean lookup(Object[] leftRow) {
    keyValues.clear();
    for (int i = 0; i < lookup.leftKeys().size(); i++) {
      var v = Evaluator.evaluate(lookup.leftKeys().get(i), leftRow, ctx.parameters());
      if (v == null) {
        return false;
      }
      var asIs = KeyPlacement.keyAsIs(v, keyTypes[i]);
      if (asIs != null) {
        keyValues.add(asIs);
      } else if (KeyPlacement.of(v, keyTypes[i], KeyPlacement.Side.NEXT)
          instanceof KeyPlacement.At at) {
        keyValues.add(at.key());
      } else {
        return false;
      }
    }
    cursor.reopen(ctx.transaction(), keyValues, true, keyValues, true);
    return true;
  }

  private void closeCursor() {
    probing = false;
    if (cursor != null) {
      cursor.close();
    }
  }

  @Override
  public void close() {
    closeCursor();
    current = null;
    ctx = null;
    left.close();
  }
}
