package io.kitesql.value;

import java.util.Objects;

/**
 * The comparing and searching bulk methods of {@link Text} ({@code contentEquals}, {@code
 * regionMatches}, {@code endsWith}, {@code indexOf}, {@code lastIndexOf}, {@code codePointAt}),
 * with {@code String}'s semantics for indices out of range: the kernels are in {@link Utf8Chars}.
 *
 * <p>Liveness: one check before and one after each call. A scan returns only an index or a
 * boolean, which the check after discards if the transaction ended meanwhile. On ASCII text (one
 * char per byte) char indices are byte offsets; otherwise a start index is found through the
 * text's charAt cursor ({@code Text.locate}), which the scan does not move.
 */
final class TextSearch {
  private TextSearch() {}

  static boolean contentEquals(Text t, CharSequence cs) {
    if (cs instanceof Text other) {
      return t.equals(other);
    }
    t.check();
    int u = t.utf16();
    boolean eq = cs.length() == u && regionEquals(t, 0, cs, 0, u, u);
    t.checkAfterRead();
    return eq;
  }

  static boolean regionMatches(Text t, int toffset, CharSequence other, int ooffset, int len) {
    t.check();
    boolean eq = regionMatches(t, toffset, other, ooffset, len, t.utf16());
    t.checkAfterRead();
    return eq;
  }

  private static boolean regionMatches(Text t, int toffset, CharSequence other, int ooffset, int len, int u) {
    if (ooffset < 0 || toffset < 0 || toffset > (long) u - len
        || ooffset > (long) other.length() - len) {
      return false;
    }
    return len <= 0 || regionEquals(t, toffset, other, ooffset, len, u);
  }

  private static boolean regionEquals(Text t, int toffset, CharSequence other, int ooffset, int len, int u) {
    if (u == t.byteLength) {
      return Utf8Chars.asciiEqual(t.base, t.offset + toffset, other, ooffset, len);
    }
    if (len == 0) {
      return true;
    }
    long at = t.locate(toffset, t.cursorPosition());
    return Utf8Chars.unitsEqual(t.base, t.offset, t.byteLength, (int) at, (int) (at >>> 32) != toffset,
        other, ooffset, len);
  }

  static boolean endsWith(Text t, CharSequence suffix) {
    t.check();
    int u = t.utf16();
    int n = suffix.length();
    boolean eq = regionMatches(t, u - n, suffix, 0, n, u);
    t.checkAfterRead();
    return eq;
  }

  static int indexOf(Text t, int ch, int fromIndex) {
    t.check();
    int u = t.utf16();
    int from = Math.max(fromIndex, 0);
    int found;
    if (from >= u) {
      found = -1;
    } else if (u == t.byteLength) {
      found = ch >= 0 && ch <= 0xFF ? Utf8Chars.indexOfByte(t.base, t.offset, from, t.byteLength, (byte) ch) : -1;
    } else {
      long at = t.locate(from, t.cursorPosition());
      found = Utf8Chars.indexOf(t.base, t.offset, t.byteLength, (int) at, (int) (at >>> 32), from, ch);
    }
    t.checkAfterRead();
    return found;
  }

  static int lastIndexOf(Text t, int ch, int fromIndex) {
    t.check();
    int u = t.utf16();
    int from = Math.min(fromIndex, u - 1);
    int found;
    if (from < 0) {
      found = -1;
    } else if (u == t.byteLength) {
      found = ch >= 0 && ch <= 0xFF ? Utf8Chars.lastIndexOfByte(t.base, t.offset, 0, from + 1, (byte) ch) : -1;
    } else {
      int bo = (int) t.locate(from, t.cursorPosition());
      found = Utf8Chars.lastIndexOf(t.base, t.offset, t.byteLength, bo, from, ch);
    }
    t.checkAfterRead();
    return found;
  }

  static int indexOf(Text t, CharSequence s, int fromIndex) {
    t.check();
    int u = t.utf16();
    int n = s.length();
    int from = Math.clamp(fromIndex, 0, u);
    int found;
    if (n == 0) {
      found = from;
    } else if (n > u - from) {
      found = -1;
    } else if (u == t.byteLength) {
      found = Utf8Chars.indexOfAscii(t.base, t.offset, t.byteLength, from, s, n);
    } else {
      long at = t.locate(from, t.cursorPosition());
      found = Utf8Chars.indexOf(t.base, t.offset, t.byteLength, (int) at, (int) (at >>> 32), from, s, n, u);
    }
    t.checkAfterRead();
    return found;
  }

  static int codePointAt(Text t, int index) {
    t.check();
    int u = t.utf16();
    Objects.checkIndex(index, u);
    int cp;
    if (u == t.byteLength) {
      cp = t.byteAtRaw(index) & 0xFF;
    } else {
      long at = t.locate(index, t.cursorPosition());
      long decoded = Utf8Chars.decode(t.base, t.offset, t.byteLength, (int) at);
      char first = Utf8Chars.first(decoded);
      char second = Utf8Chars.second(decoded);
      if ((int) (at >>> 32) != index) {
        cp = second;
      } else {
        cp = second != 0 && Character.isSurrogatePair(first, second)
            ? Character.toCodePoint(first, second)
            : first;
      }
    }
    t.checkAfterRead();
    return cp;
  }
}
