package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.Expr;
import io.kitesql.expr.OuterRef;
import java.util.List;

/**
 * The scope of a subquery: its own FROM first, then the enclosing query's scope. A name found only
 * outside becomes an {@link OuterRef} to a captured value; the expression over the enclosing row
 * goes into {@code captures} (once per distinct expression).
 */
final class CorrelatedScope implements BindScope {
  private final BindScope inner;
  private final BindScope outer;
  private final List<Expr> captures;

  CorrelatedScope(BindScope inner, BindScope outer, List<Expr> captures) {
    this.inner = inner;
    this.outer = outer;
    this.captures = captures;
  }

  @Override
  public Expr resolveColumn(Name qualifier, Name column) {
    try {
      return inner.resolveColumn(qualifier, column);
    } catch (KiteSqlException notHere) {
      if (notHere.errorCode() != ErrorCode.UNKNOWN_COLUMN) {
        throw notHere;
      }
      Expr outside;
      try {
        outside = outer.resolveColumn(qualifier, column);
      } catch (KiteSqlException notOutside) {
        if (notOutside.errorCode() == ErrorCode.UNKNOWN_COLUMN) {
          throw notHere;
        }
        throw notOutside;
      }
      int slot = captures.indexOf(outside);
      if (slot < 0) {
        slot = captures.size();
        captures.add(outside);
      }
      return new OuterRef(slot, outside.type(), column.text());
    }
  }
}
