package io.kitesql.sql;

import io.kitesql.sql.SqlTokens.Kind;
import io.kitesql.sql.SqlTokens.Token;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * JSqlParser 5.4 cannot parse IS after a BETWEEN: {@code a BETWEEN 1 AND 2 IS NOT NULL} fails.
 * BETWEEN binds tighter than IS (PostgreSQL's precedence table; SQLite reads it the same way), so
 * the statement means {@code (a BETWEEN 1 AND 2) IS NOT NULL}, and this rewrite inserts exactly
 * those parentheses. It delimits the operand and the bounds as sums of primaries ({@link
 * UnarySigns#primaryEnd}); a BETWEEN whose operand it cannot delimit with certainty (after a
 * comparison operator, a typed literal, a window call) is left alone for the parser to report.
 */
final class BetweenIs {
  /** Words before which an expression may start: the operand of BETWEEN begins right after them. */
  private static final Set<String> OPERAND_STARTS =
      Set.of(
          "SELECT",
          "WHERE",
          "AND",
          "OR",
          "NOT",
          "WHEN",
          "THEN",
          "ELSE",
          "ON",
          "HAVING",
          "BY",
          "SET",
          "RETURNING",
          "DISTINCT",
          "ALL");

  /** Words that are never a name or an operand (so a scan over an operand stops at them). */
  private static final Set<String> KEYWORDS =
      Set.of(
          "SELECT",
          "WHERE",
          "AND",
          "OR",
          "NOT",
          "CASE",
          "WHEN",
          "THEN",
          "ELSE",
          "END",
          "ON",
          "HAVING",
          "BY",
          "SET",
          "RETURNING",
          "DISTINCT",
          "ALL",
          "BETWEEN",
          "IS",
          "IN",
          "LIKE",
          "ILIKE",
          "FROM",
          "AS",
          "OVER",
          "FILTER",
          "SYMMETRIC",
          "ASYMMETRIC",
          "ESCAPE",
          "COLLATE");

  private static final Set<String> ARITHMETIC = Set.of("+", "-", "*", "/", "%", "||");

  private BetweenIs() {}

  /** Adds the parentheses for every BETWEEN ... IS in {@code tokens}. */
  static void patch(List<Token> tokens, Patches patches) {
    for (int i = 0; i < tokens.size(); i++) {
      if (tokens.get(i).kind() != Kind.WORD || !tokens.get(i).is("BETWEEN")) {
        continue;
      }
      int lowEnd = sumEnd(tokens, i + 1);
      if (lowEnd < 0 || lowEnd >= tokens.size() || !tokens.get(lowEnd).is("AND")) {
        continue;
      }
      int highEnd = sumEnd(tokens, lowEnd + 1);
      if (highEnd < 0 || highEnd >= tokens.size() || !tokens.get(highEnd).is("IS")) {
        continue;
      }
      int operatorStart = i > 0 && tokens.get(i - 1).is("NOT") ? i - 1 : i;
      int start = sumStart(tokens, operatorStart - 1);
      if (start < 0) {
        continue;
      }
      patches.insert(tokens.get(start).start(), '(');
      patches.insert(tokens.get(highEnd - 1).end(), ')');
    }
  }

  /** The index after a sum of primaries starting at {@code i} (leading signs allowed), or -1. */
  private static int sumEnd(List<Token> tokens, int i) {
    while (i < tokens.size() && tokens.get(i).isSign()) {
      i++;
    }
    int end = UnarySigns.primaryEnd(tokens, i);
    while (end > 0 && end + 1 < tokens.size() && isArithmetic(tokens.get(end))) {
      int next = end + 1;
      while (next < tokens.size() && tokens.get(next).isSign()) {
        next++;
      }
      end = UnarySigns.primaryEnd(tokens, next);
    }
    return end;
  }

  /**
   * The index of the first token of the sum of primaries that ends at {@code last}, or -1 when it
   * cannot be delimited or what precedes it is not a place where an expression starts.
   */
  private static int sumStart(List<Token> tokens, int last) {
    int start = primaryStart(tokens, last);
    if (start < 0) {
      return -1;
    }
    while (start >= 2 && isArithmetic(tokens.get(start - 1))) {
      int before = primaryStart(tokens, start - 2);
      if (before >= 0) {
        start = before;
        continue;
      }
      if (!tokens.get(start - 1).isSign()) {
        return -1;
      }
      start--; // a unary sign
      while (start > 0 && tokens.get(start - 1).isSign()) {
        start--;
      }
      break;
    }
    return startsAfter(start == 0 ? null : tokens.get(start - 1)) ? start : -1;
  }

  private static boolean startsAfter(Token previous) {
    return previous == null
        || previous.is("(")
        || previous.is(",")
        || previous.kind() == Kind.WORD && OPERAND_STARTS.contains(upper(previous));
  }

  /** The index of the first token of the primary whose last token is at {@code last}, or -1. */
  private static int primaryStart(List<Token> tokens, int last) {
    if (last < 0) {
      return -1;
    }
    var t = tokens.get(last);
    return switch (t.kind()) {
      case NUMBER, STRING, PARAMETER -> last;
      case QUOTED_NAME -> qualifiedStart(tokens, last);
      case WORD -> {
        if (t.is("END")) {
          yield opening(tokens, last, "CASE", "END");
        }
        yield KEYWORDS.contains(upper(t)) ? -1 : qualifiedStart(tokens, last);
      }
      case SYMBOL -> {
        if (!t.is(")")) {
          yield -1;
        }
        int open = opening(tokens, last, "(", ")");
        yield open > 0 && isName(tokens.get(open - 1)) ? qualifiedStart(tokens, open - 1) : open;
      }
    };
  }

  /** {@code a}, {@code t.a}, {@code "s"."t"}: the index of the first part. */
  private static int qualifiedStart(List<Token> tokens, int last) {
    int start = last;
    while (start >= 2 && tokens.get(start - 1).is(".") && isName(tokens.get(start - 2))) {
      start -= 2;
    }
    return start;
  }

  private static boolean isName(Token t) {
    return t.kind() == Kind.QUOTED_NAME || t.kind() == Kind.WORD && !KEYWORDS.contains(upper(t));
  }

  /** The index of the opener matching the closer at {@code close}, or -1. */
  private static int opening(List<Token> tokens, int close, String opener, String closer) {
    int depth = 0;
    for (int i = close; i >= 0; i--) {
      var t = tokens.get(i);
      boolean word = opener.equals("CASE") ? t.kind() == Kind.WORD : t.kind() == Kind.SYMBOL;
      if (word && t.is(closer)) {
        depth++;
      } else if (word && t.is(opener) && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  private static boolean isArithmetic(Token t) {
    return t.kind() == Kind.SYMBOL && ARITHMETIC.contains(t.text());
  }

  private static String upper(Token t) {
    return t.text().toUpperCase(Locale.ROOT);
  }
}
