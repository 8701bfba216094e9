package io.kitesql.exec;

import io.kitesql.expr.Coercions;
import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import io.kitesql.plan.SortKey;
import java.util.Comparator;
import java.util.List;

/**
 * Orders rows by sort keys: values by {@link Coercions#compare} (text by UTF-8 bytes, i.e. code
 * point order, on the borrowed bytes), NULLs where the key says, DESC reversing values only.
 */
final class RowComparator implements Comparator<Object[]> {
  private final SortKey[] keys;
  private Object[] params;

  RowComparator(List<SortKey> keys) {
    this.keys = keys.toArray(SortKey[]::new);
  }

  void parameters(Object[] values) {
    params = values;
  }

  @Override
  public int compare(Object[] a, Object[] b) {
    for (var key : keys) {
      var x = value(key.expression(), a);
      var y = value(key.expression(), b);
      int c;
      if (x == null || y == null) {
        if (x == y) {
          continue;
        }
        c = (x == null) == key.nullsFirst() ? -1 : 1;
      } else {
        c = Coercions.compare(x, y);
        if (key.descending()) {
          c = -c;
        }
      }
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private Object value(Expr e, Object[] row) {
    return e instanceof Expr.Column c ? row[c.index()] : Evaluator.evaluate(e, row, params);
  }
}
