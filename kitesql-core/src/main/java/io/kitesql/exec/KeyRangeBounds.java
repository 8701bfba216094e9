package io.kitesql.exec;

import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import io.kitesql.plan.Access;
import io.kitesql.value.DataType;
import java.util.ArrayList;
import java.util.List;

/**
 * One execution's key bounds of a {@link Access.KeyRange}: its bound expressions evaluated and
 * placed among the keys exactly ({@link KeyPlacement}). The plan's lists share their equality
 * prefix, and only the last value of each list may be a range bound, so: a prefix value no key
 * equals empties the range; a last lower value between keys becomes the next key, inclusive, one
 * above every key empties the range, one below every key keeps only non-NULL keys; a last upper
 * value between keys becomes the previous key, inclusive, one below every key empties the range,
 * one above every key drops that bound. (An equality as the last value of both lists then gives an
 * empty range by itself: the next key above the value is past the previous one.) Reused by every
 * execution of one operator; the lists it fills are read by the cursor and not kept.
 */
final class KeyRangeBounds {
  private static final Object[] NO_ROW = new Object[0];

  private final List<Object> lower = new ArrayList<>();
  private final List<Object> upper = new ArrayList<>();
  private boolean lowerInclusive;
  private boolean upperInclusive;

  /**
   * Evaluates the bounds of {@code range} over key columns of {@code keyTypes}; false if no key
   * can be in range (a NULL bound, a value no key equals, a bound beyond every key).
   */
  boolean evaluate(Access.KeyRange range, DataType[] keyTypes, Object[] params) {
    lowerInclusive = range.lowerInclusive();
    upperInclusive = range.upperInclusive();
    return lower(range.lower(), keyTypes, params) && upper(range.upper(), keyTypes, params);
  }

  private boolean lower(List<Expr> exprs, DataType[] keyTypes, Object[] params) {
    lower.clear();
    int last = exprs.size() - 1;
    for (int i = 0; i <= last; i++) {
      var v = Evaluator.evaluate(exprs.get(i), NO_ROW, params);
      if (v == null) {
        return false; // a NULL bound: no row can match
      }
      var asIs = KeyPlacement.keyAsIs(v, keyTypes[i]);
      if (asIs != null) {
        lower.add(asIs);
        continue;
      }
      boolean isLast = i == last;
      switch (KeyPlacement.of(v, keyTypes[i], KeyPlacement.Side.NEXT)) {
        case KeyPlacement.At a -> lower.add(a.key());
        case KeyPlacement.Between b when isLast -> {
          lower.add(b.key());
          lowerInclusive = true;
        }
        case KeyPlacement.Below _ when isLast -> {
          lower.add(null); // NULL, exclusive: every non-NULL key
          lowerInclusive = false;
        }
        default -> {
          return false;
        }
      }
    }
    return true;
  }

  private boolean upper(List<Expr> exprs, DataType[] keyTypes, Object[] params) {
    upper.clear();
    int last = exprs.size() - 1;
    for (int i = 0; i <= last; i++) {
      var v = Evaluator.evaluate(exprs.get(i), NO_ROW, params);
      if (v == null) {
        return false;
      }
      var asIs = KeyPlacement.keyAsIs(v, keyTypes[i]);
      if (asIs != null) {
        upper.add(asIs);
        continue;
      }
      boolean isLast = i == last;
      switch (KeyPlacement.of(v, keyTypes[i], KeyPlacement.Side.PREVIOUS)) {
        case KeyPlacement.At a -> upper.add(a.key());
        case KeyPlacement.Between b when isLast -> {
          upper.add(b.key());
          upperInclusive = true;
        }
        case KeyPlacement.Above _ when isLast -> upperInclusive = true; // bounded by the prefix only
        default -> {
          return false;
        }
      }
    }
    return true;
  }

  List<Object> lower() {
    return lower;
  }

  List<Object> upper() {
    return upper;
  }

  boolean lowerInclusive() {
    return lowerInclusive;
  }

  boolean upperInclusive() {
    return upperInclusive;
  }
}
