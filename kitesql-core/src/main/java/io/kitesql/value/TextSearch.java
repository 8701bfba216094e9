package io.kitesql.value;

import java.lang.foreign.MemorySegment;
import java.util.Arrays;
import java.util.Objects;

/**
 * The comparing and searching bulk methods of {@link Text} ({@code contentEquals}, {@code
 * regionMatches}, {@code endsWith}, {@code indexOf}, {@code lastIndexOf}, {@code codePointAt}),
 * with {@code String}'s semantics for indices out of range; the search kernels over a byte range
 * follow them, the decoding kernels are in {@link Utf8Chars}.
 *
 * <p>Liveness: one check before and one after each call. A scan returns only an index or a boolean,
 * which the check after discards if the transaction ended meanwhile. On ASCII text (one char per
 * byte) char indices are byte offsets; otherwise a start index is found through the text's charAt
 * cursor ({@code Text.locate}), which the scan does not move.
 */
final class TextSearch {
  private TextSearch() {}

  static boolean contentEquals(Text t, CharSequence cs) {
    if (cs instanceof Text other) {
      return t.equals(other);
    }
    t.check();
    int u = t.utf16();
    boolean eq =
        cs.length() == u
            && (t.byteLength < TextScratch.MIN_BYTES
                ? regionEquals(t, 0, cs, 0, u, u)
                : equalsByPieces(t, cs, u));
    t.checkAfterRead();
    return eq;
  }

  /**
   * contentEquals of a longer text with a {@code CharSequence} of its length: a piece of the text
   * decoded into a pooled scratch ({@link TextScratch}; ASCII widened by the JDK's Latin-1
   * intrinsic), the same chars of {@code cs} copied beside it by its own {@code getChars} (an array
   * copy for a {@code String} or {@code StringBuilder}, a {@code charAt} loop for others), and the
   * two compared by {@code Arrays.equals} (vectorized), instead of one {@code charAt} call on
   * {@code cs} per char.
   */
  private static boolean equalsByPieces(Text t, CharSequence cs, int u) {
    TextScratch s = TextScratch.take();
    try {
      char[] mine = s.chars;
      char[] theirs = s.other;
      boolean ascii = u == t.byteLength;
      int ci = 0;
      for (int bo = 0; bo < t.byteLength; ) {
        int n;
        if (ascii) {
          n = Math.min(mine.length, t.byteLength - bo);
          s.copyIn(t.base(), t.offset + bo, n);
          s.inflate(n);
          bo += n;
        } else {
          long done =
              Utf8Chars.decodeInto(t.base(), t.offset, t.byteLength, bo, mine, 0, mine.length);
          n = (int) (done >>> 32);
          bo = (int) done;
        }
        if (n > u - ci) {
          return false; // only if the bytes changed under us: the caller's check after reading
          // throws
        }
        cs.getChars(ci, ci + n, theirs, 0);
        if (!Arrays.equals(mine, 0, n, theirs, 0, n)) {
          return false;
        }
        ci += n;
      }
      return ci == u;
    } finally {
      s.release();
    }
  }

  static boolean regionMatches(Text t, int toffset, CharSequence other, int ooffset, int len) {
    t.check();
    boolean eq = regionMatches(t, toffset, other, ooffset, len, t.utf16());
    t.checkAfterRead();
    return eq;
  }

  private static boolean regionMatches(
      Text t, int toffset, CharSequence other, int ooffset, int len, int u) {
    if (ooffset < 0
        || toffset < 0
        || toffset > (long) u - len
        || ooffset > (long) other.length() - len) {
      return false;
    }
    return len <= 0 || regionEquals(t, toffset, other, ooffset, len, u);
  }

  private static boolean regionEquals(
      Text t, int toffset, CharSequence other, int ooffset, int len, int u) {
    if (u == t.byteLength) {
      return Utf8Chars.asciiEqual(t.base(), t.offset + toffset, other, ooffset, len);
    }
    if (len == 0) {
      return true;
    }
    long at = CharCursor.locate(t, toffset);
    return Utf8Chars.unitsEqual(
        t.base(),
        t.offset,
        t.byteLength,
        (int) at,
        (int) (at >>> 32) != toffset,
        other,
        ooffset,
        len);
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
      found =
          ch >= 0 && ch <= 0xFF
              ? Utf8Chars.scanForByte(t.base(), t.offset, from, t.byteLength, (byte) ch)
              : -1;
    } else {
      long at = CharCursor.locate(t, from);
      found = indexOf(t.base(), t.offset, t.byteLength, (int) at, (int) (at >>> 32), from, ch);
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
      found =
          ch >= 0 && ch <= 0xFF
              ? Utf8Chars.lastIndexOfByte(t.base(), t.offset, 0, from + 1, (byte) ch)
              : -1;
    } else {
      int bo = (int) CharCursor.locate(t, from);
      found = lastIndexOf(t.base(), t.offset, t.byteLength, bo, from, ch);
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
      found = indexOfAscii(t.base(), t.offset, t.byteLength, from, s, n);
    } else {
      long at = CharCursor.locate(t, from);
      int m = t.byteLength < TextScratch.MIN_BYTES ? -1 : encodableLength(s, n);
      found =
          m < 0
              ? indexOf(
                  t.base(), t.offset, t.byteLength, (int) at, (int) (at >>> 32), from, s, n, u)
              : indexOfEncoded(t, (int) at, (int) (at >>> 32), from, s, m, u - n);
    }
    t.checkAfterRead();
    return found;
  }

  /**
   * The UTF-8 length of the {@code n} chars of {@code s} if they can be searched for as bytes
   * ({@link #indexOfByBytes}), else -1: not if {@code s} holds an unpaired surrogate (no UTF-8
   * form; as a unit it may match half of a pair) or U+FFFD (which malformed bytes decode to as
   * well), nor if it is longer than a scratch.
   */
  private static int encodableLength(CharSequence s, int n) {
    int m = 0;
    for (int i = 0; i < n && m <= TextScratch.CHUNK; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        m += 1;
      } else if (c < 0x800) {
        m += 2;
      } else if (Character.isHighSurrogate(c)
          && i + 1 < n
          && Character.isLowSurrogate(s.charAt(i + 1))) {
        m += 4;
        i++;
      } else if (Character.isSurrogate(c) || c == '\uFFFD') {
        return -1;
      } else {
        m += 3;
      }
    }
    return m <= TextScratch.CHUNK ? m : -1;
  }

  /**
   * indexOf of a needle of {@code m} UTF-8 bytes ({@link #encodableLength}), encoded into a
   * scratch.
   */
  private static int indexOfEncoded(
      Text t, int bo, int ci, int from, CharSequence s, int m, int last) {
    TextScratch scratch = TextScratch.take();
    try {
      Utf8.encodeTo(s, scratch.bytes, 0);
      return indexOfByBytes(
          t.base(),
          t.offset,
          t.byteLength,
          bo,
          ci,
          from,
          scratch.byteSegment,
          m,
          s,
          s.length(),
          last);
    } finally {
      scratch.release();
    }
  }

  /**
   * Whether the chars from byte {@code at} (a code point start) begin with the {@code n} chars of
   * {@code s}, whose UTF-8 form is {@code needle} ({@code m} bytes): one {@code mismatch} call.
   * Equal bytes are a match unless a continuation byte follows them, which would make the last code
   * point malformed; then, as where a continuation byte of the text differs from the needle, the
   * text is malformed there (stray continuation bytes after an ASCII char are skipped by the
   * decoder, see {@link Utf8Chars}), and the chars are compared by decoding. On well-formed text
   * that never happens.
   */
  private static boolean matchesBytes(
      MemorySegment base,
      long offset,
      int len,
      int at,
      MemorySegment needle,
      int m,
      CharSequence s,
      int n) {
    int end = at + m;
    if (end > len) {
      return false; // fewer bytes never decode to the same chars (malformed bytes take more, not
      // fewer)
    }
    long k = MemorySegment.mismatch(base, offset + at, offset + end, needle, 0, m);
    int checked = k < 0 ? end : at + (int) k;
    if (checked == len || (Utf8Chars.at(base, offset, checked) & 0xC0) != 0x80) {
      return k < 0;
    }
    return Utf8Chars.unitsEqual(base, offset, len, at, false, s, 0, n);
  }

  /**
   * {@link #indexOfByCodePoint} for a needle given as its {@code m} UTF-8 bytes: each candidate is
   * compared by one {@code mismatch} over the bytes instead of decoding. Equivalent, for a needle
   * of {@link #encodableLength}: chars equal to such a needle decode from well-formed bytes (no
   * U+FFFD), whose UTF-8 form is unique, so the bytes match exactly; and matching bytes decode to
   * the needle's chars if the code point they end with ends there (the byte after is not a
   * continuation byte, which would make it malformed).
   */
  private static int indexOfByBytes(
      MemorySegment base,
      long offset,
      int len,
      int bo,
      int ci,
      int from,
      MemorySegment needle,
      int m,
      CharSequence s,
      int n,
      int last) {
    int firstCodePoint = Character.codePointAt(s, 0);
    if (ci < from) { // from is the second half of the pair at bo: no match starts there
      ci += 2;
      bo = Utf8Chars.after(bo, Utf8Chars.decode(base, offset, len, bo));
    }
    int firstBytes =
        firstCodePoint < 0x80 ? 1 : firstCodePoint < 0x800 ? 2 : firstCodePoint < 0x10000 ? 3 : 4;
    int firstUnits = Character.charCount(firstCodePoint);
    while (bo < len && ci <= last) {
      int found = findCodePoint(base, offset, len, bo, firstCodePoint);
      if (found < 0) {
        return -1;
      }
      ci += Utf8Chars.unitsBetween(base, offset, bo, found);
      if (ci > last) {
        return -1;
      }
      if (matchesBytes(base, offset, len, found, needle, m, s, n)) {
        return ci;
      }
      // The candidate decoded to the first code point: a well-formed sequence of firstBytes.
      ci += firstUnits;
      bo = found + firstBytes;
    }
    return -1;
  }

  static int codePointAt(Text t, int index) {
    t.check();
    int u = t.utf16();
    Objects.checkIndex(index, u);
    int cp;
    if (u == t.byteLength) {
      cp = t.byteAtRaw(index) & 0xFF;
    } else {
      long at = CharCursor.locate(t, index);
      long decoded = Utf8Chars.decode(t.base(), t.offset, t.byteLength, (int) at);
      char first = Utf8Chars.first(decoded);
      char second = Utf8Chars.second(decoded);
      if ((int) (at >>> 32) != index) {
        cp = second;
      } else {
        cp =
            second != 0 && Character.isSurrogatePair(first, second)
                ? Character.toCodePoint(first, second)
                : first;
      }
    }
    t.checkAfterRead();
    return cp;
  }

  // ---- search kernels over a byte range (no liveness: the methods above check) ----

  /**
   * The char index of the first unit equal to {@code ch} (the first pair forming {@code ch} if it
   * is supplementary) at or after char index {@code from}, walking from the code point at byte
   * {@code bo}, char index {@code ci} (the one holding {@code from}); -1 if none.
   */
  static int indexOf(MemorySegment base, long offset, int len, int bo, int ci, int from, int ch) {
    if (ch < 0x80) {
      // An ASCII byte always stands for itself: it never occurs inside another code point.
      int found = ch < 0 ? -1 : Utf8Chars.scanForByte(base, offset, bo, len, (byte) ch);
      return found < 0 ? -1 : ci + Utf8Chars.unitsBetween(base, offset, bo, found);
    }
    if (byBytes(ch)) {
      if (ci < from) { // from is the second half of the pair at bo: that pair cannot match
        ci += 2;
        bo = Utf8Chars.after(bo, Utf8Chars.decode(base, offset, len, bo));
      }
      int found = findCodePoint(base, offset, len, bo, ch);
      return found < 0 ? -1 : ci + Utf8Chars.unitsBetween(base, offset, bo, found);
    }
    while (bo < len) { // a surrogate on its own: compare units
      long d = Utf8Chars.decode(base, offset, len, bo);
      char a = Utf8Chars.first(d);
      char b = Utf8Chars.second(d);
      if (ch > 0xFFFF) {
        if (b != 0
            && ci >= from
            && Character.isSurrogatePair(a, b)
            && Character.toCodePoint(a, b) == ch) {
          return ci;
        }
      } else if (a == ch && ci >= from) {
        return ci;
      } else if (b != 0 && b == ch) {
        return ci + 1; // ci + 1 >= from: from is ci or ci + 1
      }
      ci += b == 0 ? 1 : 2;
      bo = Utf8Chars.after(bo, d);
    }
    return -1;
  }

  /**
   * Whether a non-ASCII code point can be searched for by its UTF-8 bytes ({@link #findCodePoint}):
   * not a surrogate on its own (those are units of a pair, compared as units) and not U+FFFD, which
   * malformed bytes decode to as well.
   */
  private static boolean byBytes(int cp) {
    return cp <= 0x10FFFF && cp != '\uFFFD' && !(cp <= 0xFFFF && Character.isSurrogate((char) cp));
  }

  /**
   * The char index of the last unit equal to {@code ch} (pair for a supplementary {@code ch}) at or
   * before char index {@code from}, which lies in the code point at byte {@code bo}; -1 if none.
   * ASCII is searched backwards by byte; anything else by one forward walk.
   */
  static int lastIndexOf(MemorySegment base, long offset, int len, int bo, int from, int ch) {
    if (ch < 0x80) {
      int found = ch < 0 ? -1 : Utf8Chars.lastIndexOfByte(base, offset, 0, bo + 1, (byte) ch);
      return found < 0 ? -1 : Utf8Chars.unitsBetween(base, offset, 0, found);
    }
    int last = -1;
    int ci = 0;
    for (int at = 0; at < len && ci <= from; ) {
      long d = Utf8Chars.decode(base, offset, len, at);
      char a = Utf8Chars.first(d);
      char b = Utf8Chars.second(d);
      if (ch > 0xFFFF) {
        if (b != 0 && Character.isSurrogatePair(a, b) && Character.toCodePoint(a, b) == ch) {
          last = ci;
        }
      } else {
        if (a == ch) {
          last = ci;
        }
        if (b != 0 && b == ch && ci + 1 <= from) {
          last = ci + 1;
        }
      }
      ci += b == 0 ? 1 : 2;
      at = Utf8Chars.after(at, d);
    }
    return last;
  }

  /**
   * The char index of the first occurrence of the {@code n} (at least one) chars of {@code s} at or
   * after char index {@code from} in ASCII bytes (one char per byte), or -1. Candidates are found
   * by byte search for the first char.
   */
  static int indexOfAscii(
      MemorySegment base, long offset, int len, int from, CharSequence s, int n) {
    char first = s.charAt(0);
    if (first > 0xFF) {
      return -1; // (bytes 0x80..0xFF occur only in malformed text taken for ASCII; charAt reads
      // them as chars)
    }
    int last = len - n;
    for (int i = from; i <= last; ) {
      int found = Utf8Chars.indexOfByte(base, offset, i, last + 1, (byte) first);
      if (found < 0) {
        return -1;
      }
      if (Utf8Chars.asciiEqual(base, offset + found + 1, s, 1, n - 1)) {
        return found;
      }
      i = found + 1;
    }
    return -1;
  }

  /**
   * The char index of the first occurrence of the {@code n} (at least one) chars of {@code s} at or
   * after char index {@code from} (in the code point at byte {@code bo}, char index {@code ci}), in
   * text of {@code units} UTF-16 units; -1 if none. A first code point with one UTF-8 form ({@link
   * #byBytes}) is found by byte search, anything else by decoding.
   */
  static int indexOf(
      MemorySegment base,
      long offset,
      int len,
      int bo,
      int ci,
      int from,
      CharSequence s,
      int n,
      int units) {
    char first = s.charAt(0);
    int last = units - n;
    int firstCodePoint = Character.codePointAt(s, 0);
    if (byBytes(firstCodePoint)) {
      return indexOfByCodePoint(base, offset, len, bo, ci, from, s, n, last, firstCodePoint);
    }
    while (bo < len && ci <= last) {
      long d = Utf8Chars.decode(base, offset, len, bo);
      char b = Utf8Chars.second(d);
      if (Utf8Chars.first(d) == first
          && ci >= from
          && Utf8Chars.unitsEqual(base, offset, len, bo, false, s, 0, n)) {
        return ci;
      }
      if (b == first
          && ci + 1 <= last
          && Utf8Chars.unitsEqual(base, offset, len, bo, true, s, 0, n)) {
        return ci + 1;
      }
      ci += b == 0 ? 1 : 2;
      bo = Utf8Chars.after(bo, d);
    }
    return -1;
  }

  /**
   * {@link #indexOf(MemorySegment, long, int, int, int, int, CharSequence, int, int)} for a needle
   * whose first code point is {@link #byBytes}: candidates are found by {@link #findCodePoint},
   * then compared whole.
   */
  private static int indexOfByCodePoint(
      MemorySegment base,
      long offset,
      int len,
      int bo,
      int ci,
      int from,
      CharSequence s,
      int n,
      int last,
      int firstCodePoint) {
    if (ci < from) { // from is the second half of the pair at bo: no match starts there
      ci += 2;
      bo = Utf8Chars.after(bo, Utf8Chars.decode(base, offset, len, bo));
    }
    while (bo < len && ci <= last) {
      int found = findCodePoint(base, offset, len, bo, firstCodePoint);
      if (found < 0) {
        return -1;
      }
      ci += Utf8Chars.unitsBetween(base, offset, bo, found);
      bo = found;
      if (ci > last) {
        return -1;
      }
      if (Utf8Chars.unitsEqual(base, offset, len, bo, false, s, 0, n)) {
        return ci;
      }
      long d = Utf8Chars.decode(base, offset, len, bo);
      ci += Utf8Chars.second(d) == 0 ? 1 : 2;
      bo = Utf8Chars.after(bo, d);
    }
    return -1;
  }

  /**
   * The byte offset of the first code point at or after byte {@code bo} (a code point start) that
   * decodes to {@code cp} (non-ASCII, see {@link #byBytes}), or -1. Searches for the last byte of
   * {@code cp}'s UTF-8 form eight bytes at a time (a continuation byte takes 64 values, so in text
   * of one script it is far rarer than the lead byte), then checks the lead byte before it and
   * decodes there.
   */
  static int findCodePoint(MemorySegment base, long offset, int len, int bo, int cp) {
    if (cp < 0x80) {
      return Utf8Chars.indexOfByte(base, offset, bo, len, (byte) cp);
    }
    int size = cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    int lead = cp < 0x800 ? 0xC0 | (cp >> 6) : cp < 0x10000 ? 0xE0 | (cp >> 12) : 0xF0 | (cp >> 18);
    byte lastByte = (byte) (0x80 | (cp & 0x3F));
    for (int at = bo + size - 1; at < len; ) {
      int found = Utf8Chars.indexOfByte(base, offset, at, len, lastByte);
      if (found < 0) {
        return -1;
      }
      int start = found - size + 1;
      if ((Utf8Chars.at(base, offset, start) & 0xFF) == lead) {
        long d = Utf8Chars.decode(base, offset, len, start);
        char low = Utf8Chars.second(d);
        int got = low == 0 ? Utf8Chars.first(d) : Character.toCodePoint(Utf8Chars.first(d), low);
        if (got == cp) {
          return start;
        }
      }
      at = found + 1;
    }
    return -1;
  }
}
