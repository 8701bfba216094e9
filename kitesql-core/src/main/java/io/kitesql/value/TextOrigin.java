package io.kitesql.value;

import java.lang.foreign.MemorySegment;

/**
 * How a {@link Text} says in one reference who lends its bytes and through which segment they are
 * read: the {@link Scope} of a borrowed text that reads through the scope's own segment (the
 * storage's map view: the read path's case, see {@link Scope#lendsThrough}); a {@link Lend} (scope
 * and segment) for any other borrowed text; the heap segment itself for an owned text. One
 * reference instead of two keeps a text at 32 bytes, and the read path makes one per text value per
 * row.
 *
 * <p>The first time {@code charAt} reads non-ASCII text, the text's reference is replaced by a
 * {@link CharCursor} that keeps the origin ({@link #of(Object)} looks through it).
 */
final class TextOrigin {
  private TextOrigin() {}

  /** A borrowed text's scope and segment, when the scope does not lend through that segment. */
  private record Lend(Scope scope, MemorySegment base) {}

  /**
   * The origin of a text over {@code base} lent by {@code scope} ({@link Scope#OWNED}: an owned
   * text): the scope itself when it lends through {@code base} (the first native segment a scope
   * lends through is its own: the storage's map view), else a {@link Lend}.
   */
  static Object of(Scope scope, MemorySegment base) {
    if (scope == Scope.OWNED) {
      return base;
    }
    return base.isNative() && scope.lendsThrough(base) ? scope : new Lend(scope, base);
  }

  /** A text's reference without its charAt cursor. */
  static Object of(Object ref) {
    return ref instanceof CharCursor c ? c.origin : ref;
  }

  static Scope scope(Object origin) {
    return origin instanceof Scope s ? s : origin instanceof Lend l ? l.scope() : Scope.OWNED;
  }

  static MemorySegment base(Object origin) {
    return origin instanceof Scope s
        ? s.lent()
        : origin instanceof Lend l ? l.base() : (MemorySegment) origin;
  }
}
