package io.kitesql.exec;

import io.kitesql.expr.Evaluator;
import io.kitesql.expr.LikePattern;
import io.kitesql.plan.Access;
import io.kitesql.table.TextPrefix;
import io.kitesql.value.DataType;
import java.util.List;

/**
 * One execution's bounds of an {@link Access.Range}: its values evaluated and placed among the keys
 * exactly ({@link KeyPlacement}), in the lists {@link io.kitesql.table.KeyBounds} takes. An
 * equality value no key equals empties the range. A lower value between two keys becomes the next
 * key, inclusive; one above every key empties the range; one below every key keeps the non-NULL
 * keys. An upper value between two keys becomes the previous key, inclusive; one below every key
 * empties the range; one above every key leaves the range bounded by its equalities only. A LIKE
 * prefix becomes a {@link TextPrefix} at both ends.
 */
final class KeyRangeBounds {
  private static final Object[] NO_ROW = new Object[0];

  /** {@link #evaluate}'s answer when no key can be in range. */
  static final int EMPTY = -1;

  /** In {@link #evaluate}'s answer: the lower bound is inclusive. */
  static final int LOWER_INCLUSIVE = 1;

  /** In {@link #evaluate}'s answer: the upper bound is inclusive. */
  static final int UPPER_INCLUSIVE = 2;

  private KeyRangeBounds() {}

  /**
   * Fills {@code lo} and {@code hi} with the bounds of {@code range} over key columns of {@code
   * keyTypes}; {@link #EMPTY} if no key can be in range (a NULL value, a value no key equals, a
   * bound beyond every key), else the bounds' inclusiveness ({@link #LOWER_INCLUSIVE}, {@link
   * #UPPER_INCLUSIVE}). Allocates nothing for values already of the key's type and a range without
   * a lower or upper bound out of place.
   */
  static int evaluate(
      Access.Range range, DataType[] keyTypes, Object[] params, List<Object> lo, List<Object> hi) {
    lo.clear();
    hi.clear();
    var equal = range.equal();
    for (int i = 0; i < equal.size(); i++) {
      var v = Evaluator.evaluate(equal.get(i), NO_ROW, params);
      var key = v == null ? null : KeyPlacement.keyAsIs(v, keyTypes[i]);
      if (key == null
          && v != null
          && KeyPlacement.of(v, keyTypes[i], KeyPlacement.Side.NEXT) instanceof KeyPlacement.At a) {
        key = a.key();
      }
      if (key == null) {
        return EMPTY; // NULL, or no key equals the value
      }
      lo.add(key);
      hi.add(key);
    }
    int column = equal.size();
    return switch (range.next()) {
      case Access.Next.Any _ -> LOWER_INCLUSIVE | UPPER_INCLUSIVE;
      case Access.Next.LikePrefix p ->
          likePrefix(p, params, lo, hi) ? LOWER_INCLUSIVE | UPPER_INCLUSIVE : EMPTY;
      case Access.Next.Between b -> between(b, keyTypes[column], params, lo, hi);
    };
  }

  private static int between(
      Access.Next.Between b, DataType type, Object[] params, List<Object> lo, List<Object> hi) {
    int lower = lower(b, type, params, lo);
    int upper = lower == EMPTY ? EMPTY : upper(b, type, params, hi);
    return upper == EMPTY ? EMPTY : lower | upper;
  }

  private static boolean likePrefix(
      Access.Next.LikePrefix p, Object[] params, List<Object> lo, List<Object> hi) {
    var pattern = Evaluator.evaluate(p.pattern(), NO_ROW, params);
    if (pattern == null) {
      return false;
    }
    // A pattern of another kind fails in the LIKE above the scan; the range then holds every text.
    var prefix =
        pattern instanceof CharSequence cs
            ? LikePattern.compile(cs, Evaluator.evaluate(p.escape(), NO_ROW, params), false)
                .literalPrefix()
            : "";
    lo.add(new TextPrefix(prefix));
    hi.add(new TextPrefix(prefix));
    return true;
  }

  /** The lower bound into {@code lo}: {@link #EMPTY}, or {@link #LOWER_INCLUSIVE} or 0. */
  private static int lower(Access.Next.Between b, DataType type, Object[] params, List<Object> lo) {
    if (b.lower().isEmpty()) {
      if (b.nonNull()) {
        lo.add(null); // NULL, exclusive: every non-NULL key
        return 0;
      }
      return LOWER_INCLUSIVE;
    }
    var v = Evaluator.evaluate(b.lower().get(), NO_ROW, params);
    if (v == null) {
      return EMPTY;
    }
    int inclusive = b.lowerInclusive() ? LOWER_INCLUSIVE : 0;
    var asIs = KeyPlacement.keyAsIs(v, type);
    if (asIs != null) {
      lo.add(asIs);
      return inclusive;
    }
    return switch (KeyPlacement.of(v, type, KeyPlacement.Side.NEXT)) {
      case KeyPlacement.At a -> {
        lo.add(a.key());
        yield inclusive;
      }
      case KeyPlacement.Between between -> {
        lo.add(between.key());
        yield LOWER_INCLUSIVE;
      }
      case KeyPlacement.Below _ -> {
        lo.add(null);
        yield 0;
      }
      case KeyPlacement.Above _ -> EMPTY;
    };
  }

  /** The upper bound into {@code hi}: {@link #EMPTY}, or {@link #UPPER_INCLUSIVE} or 0. */
  private static int upper(Access.Next.Between b, DataType type, Object[] params, List<Object> hi) {
    if (b.upper().isEmpty()) {
      return UPPER_INCLUSIVE;
    }
    var v = Evaluator.evaluate(b.upper().get(), NO_ROW, params);
    if (v == null) {
      return EMPTY;
    }
    int inclusive = b.upperInclusive() ? UPPER_INCLUSIVE : 0;
    var asIs = KeyPlacement.keyAsIs(v, type);
    if (asIs != null) {
      hi.add(asIs);
      return inclusive;
    }
    return switch (KeyPlacement.of(v, type, KeyPlacement.Side.PREVIOUS)) {
      case KeyPlacement.At a -> {
        hi.add(a.key());
        yield inclusive;
      }
      case KeyPlacement.Between between -> {
        hi.add(between.key());
        yield UPPER_INCLUSIVE;
      }
      case KeyPlacement.Above _ -> UPPER_INCLUSIVE; // bounded by the equalities only
      case KeyPlacement.Below _ -> EMPTY;
    };
  }
}
