package io.kitesql.expr;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.Text;
import java.util.Arrays;
import java.util.Objects;

/**
 * A compiled LIKE/ILIKE pattern: code points, {@code _} (any one code point) and {@code %} (any
 * run). Matching reads the subject through {@link Text#charAt} (O(1) amortized, no allocation) and
 * backtracks only to the last {@code %}, so it is linear for patterns with one {@code %} and at
 * worst O(n·m). ILIKE folds both sides per code point (upper then lower case, so that characters
 * with several case forms match); no locale-specific rules.
 *
 * <p>The escape character is the backslash unless an ESCAPE clause names another, as in PostgreSQL,
 * H2 and MySQL (the SQL standard and SQLite have none): Spring Data JDBC and other frameworks
 * escape {@code %} and {@code _} in a LIKE argument with a backslash and write no ESCAPE clause.
 * {@code ESCAPE ''} turns escaping off. An escape must be one character, and it makes the next
 * character literal. A pattern ending in the escape is INVALID_VALUE.
 */
public final class LikePattern {
  private static final int ONE = -1;
  private static final int MANY = -2;

  private final int[] tokens;
  private final boolean caseInsensitive;

  private LikePattern(int[] tokens, boolean caseInsensitive) {
    this.tokens = tokens;
    this.caseInsensitive = caseInsensitive;
  }

  /** The escape character when a LIKE has no ESCAPE clause. */
  public static final char DEFAULT_ESCAPE = '\\';

  /**
   * Compiles {@code pattern} with {@code escape}: a text of one character, an empty text for none,
   * or null (no ESCAPE clause) for {@link #DEFAULT_ESCAPE}.
   */
  public static LikePattern compile(CharSequence pattern, Object escape, boolean caseInsensitive) {
    int esc = escapeOf(escape);
    int[] out = new int[pattern.length()];
    int n = 0;
    for (int i = 0; i < pattern.length(); ) {
      int cp = Character.codePointAt(pattern, i);
      i += Character.charCount(cp);
      if (cp == esc) {
        if (i >= pattern.length()) {
          throw new KiteSqlException(
              ErrorCode.INVALID_VALUE, "LIKE pattern ends with its escape character");
        }
        cp = Character.codePointAt(pattern, i);
        i += Character.charCount(cp);
        out[n++] = fold(cp, caseInsensitive);
      } else if (cp == '%') {
        if (n == 0 || out[n - 1] != MANY) { // %% is %: fewer backtracking points
          out[n++] = MANY;
        }
      } else {
        out[n++] = cp == '_' ? ONE : fold(cp, caseInsensitive);
      }
    }
    // No String is made of the pattern: it may be a borrowed text compiled per row.
    return new LikePattern(Arrays.copyOf(out, n), caseInsensitive);
  }

  private static int escapeOf(Object escape) {
    if (escape == null) {
      return DEFAULT_ESCAPE;
    }
    if (!(escape instanceof CharSequence e)) {
      throw new KiteSqlException(ErrorCode.TYPE_MISMATCH, "LIKE ESCAPE needs a text");
    }
    if (e.isEmpty()) {
      return -1;
    }
    if (Character.charCount(Character.codePointAt(e, 0)) != e.length()) {
      throw new KiteSqlException(
          ErrorCode.INVALID_VALUE, "LIKE ESCAPE must be a single character, got '" + e + "'");
    }
    return Character.codePointAt(e, 0);
  }

  private static int fold(int cp, boolean ci) {
    return ci ? Character.toLowerCase(Character.toUpperCase(cp)) : cp;
  }

  /**
   * The code points before the pattern's first wildcard, escapes resolved ({@code 'ab!%c%'} with
   * escape {@code !} gives {@code ab%c}): every text the pattern matches starts with it.
   * Case-folded for ILIKE, where that does not hold.
   */
  public String literalPrefix() {
    var sb = new StringBuilder();
    for (int t : tokens) {
      if (t == MANY || t == ONE) {
        break;
      }
      sb.appendCodePoint(t);
    }
    return sb.toString();
  }

  /** Whether all of {@code s} matches the pattern. */
  public boolean matches(CharSequence s) {
    int[] tok = tokens;
    int m = tok.length;
    int n = s.length();
    int si = 0;
    int pi = 0;
    int starP = -1;
    int starS = 0;
    while (si < n) {
      if (pi < m && tok[pi] == MANY) {
        starP = pi++;
        starS = si;
        continue;
      }
      if (pi < m) {
        int cp = Character.codePointAt(s, si);
        if (tok[pi] == ONE || tok[pi] == fold(cp, caseInsensitive)) {
          si += Character.charCount(cp);
          pi++;
          continue;
        }
      }
      if (starP < 0) {
        return false;
      }
      // Let the last % absorb one more code point and retry the rest of the pattern.
      pi = starP + 1;
      starS += Character.charCount(Character.codePointAt(s, starS));
      si = starS;
    }
    while (pi < m && tok[pi] == MANY) {
      pi++;
    }
    return pi == m;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LikePattern p
        && p.caseInsensitive == caseInsensitive
        && Arrays.equals(p.tokens, tokens);
  }

  @Override
  public int hashCode() {
    return Objects.hash(Arrays.hashCode(tokens), caseInsensitive);
  }

  /** The pattern with {@code \\} escaping literal {@code %}, {@code _} and {@code \\}. */
  @Override
  public String toString() {
    var sb = new StringBuilder();
    for (int t : tokens) {
      switch (t) {
        case MANY -> sb.append('%');
        case ONE -> sb.append('_');
        default -> {
          if (t == '%' || t == '_' || t == '\\') {
            sb.append('\\');
          }
          sb.appendCodePoint(t);
        }
      }
    }
    return sb.toString();
  }
}
