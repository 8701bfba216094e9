package io.kitesql.exec;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import java.util.Optional;

/** LIMIT and OFFSET values of one execution. */
final class Limits {
  private static final Object[] NO_ROW = new Object[0];

  private Limits() {}

  /** The value of a LIMIT/OFFSET expression; {@code absent} when there is none or it is NULL. */
  static long value(Optional<Expr> e, Object[] params, long absent, String clause) {
    if (e.isEmpty()) {
      return absent;
    }
    var v = Evaluator.evaluate(e.get(), NO_ROW, params);
    if (v == null) {
      return absent;
    }
    if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
      throw new KiteSqlException(ErrorCode.TYPE_MISMATCH, clause + " must be an integer, was " + v);
    }
    long l = n.longValue();
    if (l < 0) {
      throw new KiteSqlException(
          ErrorCode.VALUE_OUT_OF_RANGE, clause + " must not be negative, was " + l);
    }
    return l;
  }
}
