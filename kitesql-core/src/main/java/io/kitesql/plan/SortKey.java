package io.kitesql.plan;

import io.kitesql.expr.Expr;
import java.util.Objects;

/**
 * One ORDER BY key. NULL sorts as the smallest value unless {@code nullsFirst} says otherwise: the
 * default is NULLS FIRST for ascending and NULLS LAST for descending keys, the order of SQLite and
 * H2, and of our index keys.
 */
public record SortKey(Expr expression, boolean descending, boolean nullsFirst) {
  public SortKey {
    Objects.requireNonNull(expression, "expression");
  }

  public static SortKey of(Expr expression, boolean descending) {
    return new SortKey(expression, descending, !descending);
  }
}
