package io.kitesql.expr;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import java.util.List;

/**
 * Text functions over {@link Text} without converting it to a {@code String}. Positions are in code
 * points (a supplementary character counts once); {@link Text#subSequence} takes UTF-16 indexes, so
 * positions are translated by walking the chars (O(1) per step on ASCII text). SUBSTRING and TRIM
 * return views of their input; UPPER, LOWER, REPLACE and concatenation make new owned text, the
 * only places here that allocate bytes.
 */
final class TextFunctions {
  private TextFunctions() {}

  /** The UTF-16 index where code point {@code cp} (0-based) starts; {@code length()} past end. */
  static int charIndex(Text t, long cp) {
    int n = t.length();
    if (cp <= 0) {
      return 0;
    }
    if (t.isAscii()) {
      return (int) Math.min(cp, n);
    }
    int i = 0;
    for (long k = 0; k < cp && i < n; k++) {
      i +=
          Character.isHighSurrogate(t.charAt(i))
                  && i + 1 < n
                  && Character.isLowSurrogate(t.charAt(i + 1))
              ? 2
              : 1;
    }
    return i;
  }

  /**
   * SQL {@code SUBSTRING(s FROM start [FOR count])}: code points {@code [start, start + count)}
   * counted from 1, clipped to the text (a start below 1 eats into the count, as the standard
   * says); {@code count < 0} means "to the end" for the two-argument form. A view of {@code s}.
   */
  static Text substring(Text s, long start, long count) {
    long from = Math.max(start, 1);
    int ci = charIndex(s, from - 1);
    if (count < 0) {
      return s.subSequence(ci, s.length());
    }
    long end = start + count; // exclusive, 1-based
    if (end <= from) {
      return s.subSequence(ci, ci);
    }
    int cj = ci + charIndex(s.subSequence(ci, s.length()), end - from);
    return s.subSequence(ci, cj);
  }

  /** SUBSTRING with a checked count: a negative count is an error (PostgreSQL does the same). */
  static Text substring(Text s, long start, Long count) {
    if (count != null && count < 0) {
      throw new KiteSqlException(ErrorCode.INVALID_VALUE, "SUBSTRING: negative length " + count);
    }
    return substring(s, start, count == null ? -1 : count);
  }

  /** TRIM of the code points in {@code chars} (a space if null) from either end: a view. */
  static Text trim(Text s, Text chars, boolean leading, boolean trailing) {
    int[] set = chars == null ? new int[] {' '} : chars.codePoints().toArray();
    int from = 0;
    int to = s.length();
    if (leading) {
      while (from < to) {
        int cp = Character.codePointAt(s, from);
        if (!contains(set, cp)) {
          break;
        }
        from += Character.charCount(cp);
      }
    }
    if (trailing) {
      while (to > from) {
        int cp = Character.codePointBefore(s, to);
        if (!contains(set, cp)) {
          break;
        }
        to -= Character.charCount(cp);
      }
    }
    return from == 0 && to == s.length() ? s : s.subSequence(from, to);
  }

  private static boolean contains(int[] set, int cp) {
    for (int c : set) {
      if (c == cp) {
        return true;
      }
    }
    return false;
  }

  /** The byte offset of the first occurrence of {@code needle} at or after {@code from}, or -1. */
  static int indexOf(Text hay, Text needle, int from) {
    int n = hay.utf8Length();
    int m = needle.utf8Length();
    outer:
    for (int i = from; i + m <= n; i++) {
      for (int j = 0; j < m; j++) {
        if (hay.byteAt(i + j) != needle.byteAt(j)) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /**
   * {@code POSITION(needle IN hay)}: the 1-based code point position, 0 if absent, 1 for an empty
   * needle. Searching UTF-8 bytes is exact because UTF-8 is self-synchronizing.
   */
  static int position(Text needle, Text hay) {
    int at = indexOf(hay, needle, 0);
    if (at < 0) {
      return 0;
    }
    int cps = 0;
    for (int i = 0; i < at; i++) {
      if ((hay.byteAt(i) & 0xC0) != 0x80) {
        cps++;
      }
    }
    return cps + 1;
  }

  /** {@code REPLACE(s, from, to)}: new text; {@code s} itself if {@code from} is empty/absent. */
  static Text replace(Text s, Text from, Text to) {
    int m = from.utf8Length();
    if (m == 0) {
      return s;
    }
    int at = indexOf(s, from, 0);
    if (at < 0) {
      return s;
    }
    var out = new TextBuilder(s.utf8Length() + Math.max(0, to.utf8Length() - m) * 4);
    int pos = 0;
    while (at >= 0) {
      out.append(s, pos, at).append(to);
      pos = at + m;
      at = indexOf(s, from, pos);
    }
    return out.append(s, pos, s.utf8Length()).toText();
  }

  /** UPPER or LOWER per code point; returns {@code s} itself when no code point changes. */
  static Text changeCase(Text s, boolean upper) {
    int n = s.length();
    int i = 0;
    while (i < n) {
      int cp = Character.codePointAt(s, i);
      if (mapCase(cp, upper) != cp) {
        break;
      }
      i += Character.charCount(cp);
    }
    if (i == n) {
      return s;
    }
    var out = new TextBuilder(s.utf8Length() + 8);
    out.append(s, 0, byteOffset(s, i));
    while (i < n) {
      int cp = Character.codePointAt(s, i);
      out.appendCodePoint(mapCase(cp, upper));
      i += Character.charCount(cp);
    }
    return out.toText();
  }

  private static int mapCase(int cp, boolean upper) {
    return upper ? Character.toUpperCase(cp) : Character.toLowerCase(cp);
  }

  /** The byte offset of char index {@code ci} (which starts a code point). */
  private static int byteOffset(Text s, int ci) {
    return ci == 0 ? 0 : s.subSequence(0, ci).utf8Length();
  }

  /**
   * Concatenation of text forms: {@code skipNulls} for CONCAT(...), otherwise ({@code ||}) any NULL
   * makes the result NULL. A single non-null text argument is returned as is.
   */
  static Text concat(List<Object> values, boolean skipNulls) {
    int bytes = 0;
    Text only = null;
    int nonNull = 0;
    Text[] texts = new Text[values.size()];
    for (int i = 0; i < texts.length; i++) {
      Object v = values.get(i);
      if (v == null) {
        if (!skipNulls) {
          return null;
        }
        continue;
      }
      Text t = v instanceof Text x ? x : Text.of(Render.plain(v));
      texts[i] = t;
      bytes += t.utf8Length();
      only = t;
      nonNull++;
    }
    if (nonNull <= 1) {
      return only == null ? Text.EMPTY : only;
    }
    var out = new TextBuilder(bytes);
    for (Text t : texts) {
      if (t != null) {
        out.append(t);
      }
    }
    return out.toText();
  }

  /** CHAR_LENGTH: code points of text, bytes of binary. */
  static int charLength(Object v) {
    return v instanceof Binary b ? b.length() : ((Text) v).codePointCount();
  }

  /** OCTET_LENGTH: UTF-8 bytes of text (O(1)), bytes of binary. */
  static int octetLength(Object v) {
    return v instanceof Binary b ? b.length() : ((Text) v).utf8Length();
  }
}
