package io.kitesql.expr;

import java.util.Objects;

/**
 * A column of an enclosing query's current row, read inside a correlated subquery: slot {@code
 * slot} of the values the subquery captured when it was started for that row (see {@link
 * SubqueryExpr#captures()}).
 */
public record OuterRef(int slot, io.kitesql.value.DataType type, String name) implements Expr.Leaf {
  public OuterRef {
    Objects.requireNonNull(type, "type");
  }
}
