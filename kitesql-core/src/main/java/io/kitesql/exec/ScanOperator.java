package io.kitesql.exec;

import io.kitesql.catalog.TableDef;
import io.kitesql.expr.Coercions;
import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import io.kitesql.plan.Access;
import io.kitesql.plan.TableScan;
import io.kitesql.table.KeyBounds;
import io.kitesql.table.TableCursor;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a table: a full scan, or a primary-key or index range whose bounds are evaluated for this
 * execution (parameters included). A NULL bound matches nothing. With {@code withRefs}, each row
 * carries its {@link io.kitesql.table.RowRef} one past the table's columns, for UPDATE and DELETE.
 */
final class ScanOperator implements Operator {
  private static final Object[] NO_PARAMS = new Object[0];

  private final TableScan scan;
  private final int[] columns;
  private final boolean withRefs;
  private TableCursor cursor;

  ScanOperator(TableScan scan, boolean withRefs) {
    this.scan = scan;
    this.columns = scan.columns().stream().mapToInt(Integer::intValue).toArray();
    this.withRefs = withRefs;
  }

  @Override
  public void open(ExecutionContext ctx) {
    var store = ctx.stores().apply(scan.table());
    var tx = ctx.transaction();
    cursor = switch (scan.access()) {
      case Access.FullScan _ -> store.scan(tx, KeyBounds.all(), columns);
      case Access.KeyRange r -> {
        var keyColumns = r.index().map(i -> i.columns()).orElse(scan.table().primaryKey());
        var lower = bound(r.lower(), keyColumns, ctx.parameters());
        var upper = bound(r.upper(), keyColumns, ctx.parameters());
        if (lower == null || upper == null) {
          yield null; // a NULL bound: no row can match
        }
        var bounds = new KeyBounds(lower, r.lowerInclusive(), upper, r.upperInclusive());
        yield r.index().isPresent()
            ? store.indexScan(tx, r.index().get(), bounds, columns)
            : store.scan(tx, bounds, columns);
      }
    };
  }

  /** Bound values coerced to the key columns' types, or null if one is NULL. */
  private List<Object> bound(List<Expr> exprs, List<Integer> keyColumns, Object[] params) {
    var values = new ArrayList<Object>(exprs.size());
    TableDef table = scan.table();
    for (int i = 0; i < exprs.size(); i++) {
      var v = Evaluator.evaluate(exprs.get(i), NO_PARAMS, params);
      if (v == null) {
        return null;
      }
      values.add(Coercions.coerce(v, table.columns().get(keyColumns.get(i)).type()));
    }
    return values;
  }

  @Override
  public Object[] next() {
    if (cursor == null || !cursor.next()) {
      return null;
    }
    var row = cursor.row();
    if (!withRefs) {
      return row;
    }
    var withRef = java.util.Arrays.copyOf(row, row.length + 1);
    withRef[row.length] = cursor.ref();
    return withRef;
  }

  @Override
  public void close() {
    if (cursor != null) {
      cursor.close();
      cursor = null;
    }
  }
}
