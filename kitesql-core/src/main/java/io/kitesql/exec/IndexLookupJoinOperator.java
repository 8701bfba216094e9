package io.kitesql.exec;

import io.kitesql.expr.Coercions;
import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import io.kitesql.plan.Join;
import io.kitesql.plan.JoinStrategy;
import io.kitesql.plan.TableScan;
import io.kitesql.table.KeyBounds;
import io.kitesql.table.TableCursor;
import io.kitesql.table.TableStore;
import java.util.ArrayList;
import java.util.Optional;

/**
 * For each left row, looks its matches up in the right table through the primary key or an index
 * (an index nested-loop join): no pass over the whole right table. A NULL key matches nothing.
 * INNER and LEFT joins only.
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
  private TableStore store;
  private ExecutionContext ctx;
  private Object[] current;
  private boolean currentMatched;
  private TableCursor cursor;

  IndexLookupJoinOperator(Operator left, Join join, JoinStrategy.IndexLookup lookup, TableScan scan, Optional<Expr> rightFilter) {
    this.left = left;
    this.join = join;
    this.lookup = lookup;
    this.scan = scan;
    this.rightFilter = rightFilter;
    this.columns = scan.columns().stream().mapToInt(Integer::intValue).toArray();
    this.leftWidth = join.left().output().size();
    this.rightWidth = join.right().output().size();
  }

  @Override
  public void open(ExecutionContext context) {
    ctx = context;
    store = context.stores().apply(scan.table());
    left.open(context);
    current = null;
  }

  @Override
  public Object[] next() {
    while (true) {
      if (current == null) {
        current = left.next();
        if (current == null) {
          return null;
        }
        currentMatched = false;
        cursor = lookup(current);
      }
      while (cursor != null && cursor.next()) {
        var rightRow = cursor.row();
        if (rightFilter.isPresent() && !Boolean.TRUE.equals(Evaluator.test(rightFilter.get(), rightRow, ctx.parameters()))) {
          continue;
        }
        var row = JoinRows.combine(current, leftWidth, rightRow, rightWidth);
        if (join.condition().isEmpty() || Boolean.TRUE.equals(Evaluator.test(join.condition().get(), row, ctx.parameters()))) {
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

  /** A cursor over the right rows whose key equals the left row's key values, or null if one is NULL. */
  private TableCursor lookup(Object[] leftRow) {
    var keyColumns = lookup.index().map(i -> i.columns()).orElse(scan.table().primaryKey());
    var values = new ArrayList<Object>(lookup.leftKeys().size());
    for (int i = 0; i < lookup.leftKeys().size(); i++) {
      var v = Evaluator.evaluate(lookup.leftKeys().get(i), leftRow, ctx.parameters());
      if (v == null) {
        return null;
      }
      values.add(Coercions.coerce(v, scan.table().columns().get(keyColumns.get(i)).type()));
    }
    var bounds = KeyBounds.equal(values);
    var tx = ctx.transaction();
    return lookup.index().isPresent() ? store.indexScan(tx, lookup.index().get(), bounds, columns) : store.scan(tx, bounds, columns);
  }

  private void closeCursor() {
    if (cursor != null) {
      cursor.close();
      cursor = null;
    }
  }

  @Override
  public void close() {
    closeCursor();
    current = null;
    ctx = null;
    store = null;
    left.close();
  }
}
