package io.kitesql.expr;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;

/**
 * Parsing of text values for CAST and assignment, reading the {@link Text} in place: no {@code
 * String} is made of it (java.time parses any {@code CharSequence}; numbers go through a small
 * {@code char[]}). Leading and trailing whitespace is ignored.
 */
final class TextParsing {
  /** Longer numeric text is rejected rather than copied into a large buffer. */
  private static final int MAX_NUMBER_CHARS = 400;

  private TextParsing() {}

  /** {@code t} without leading and trailing chars {@code <= ' '}: a view. */
  static Text strip(Text t) {
    int from = 0;
    int to = t.length();
    while (from < to && t.charAt(from) <= ' ') {
      from++;
    }
    while (to > from && t.charAt(to - 1) <= ' ') {
      to--;
    }
    return from == 0 && to == t.length() ? t : t.subSequence(from, to);
  }

  static Boolean parseBoolean(Text text) {
    Text t = strip(text);
    for (String s : new String[] {"true", "t", "yes", "y", "on", "1"}) {
      if (equalsIgnoreCase(t, s)) {
        return Boolean.TRUE;
      }
    }
    for (String s : new String[] {"false", "f", "no", "n", "off", "0"}) {
      if (equalsIgnoreCase(t, s)) {
        return Boolean.FALSE;
      }
    }
    throw invalid(text, "BOOLEAN");
  }

  private static boolean equalsIgnoreCase(Text t, String s) {
    if (t.length() != s.length()) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      if (Character.toLowerCase(t.charAt(i)) != s.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  static BigDecimal parseDecimal(Text text, DataType target) {
    Text t = strip(text);
    int n = t.length();
    if (n == 0 || n > MAX_NUMBER_CHARS) {
      throw invalid(text, target.toString());
    }
    char[] chars = new char[n];
    for (int i = 0; i < n; i++) {
      chars[i] = t.charAt(i);
    }
    try {
      return new BigDecimal(chars);
    } catch (NumberFormatException e) {
      throw invalid(text, target.toString());
    }
  }

  static Double parseDouble(Text text) {
    Text t = strip(text);
    if (t.contentEquals("NaN")) {
      return Double.NaN;
    }
    if (t.contentEquals("Infinity") || t.contentEquals("+Infinity")) {
      return Double.POSITIVE_INFINITY;
    }
    if (t.contentEquals("-Infinity")) {
      return Double.NEGATIVE_INFINITY;
    }
    return parseDecimal(t, DataType.DOUBLE).doubleValue();
  }

  static LocalDate parseDate(Text text) {
    try {
      return LocalDate.parse(strip(text));
    } catch (DateTimeParseException e) {
      throw invalid(text, "DATE");
    }
  }

  /** {@code yyyy-mm-dd}, optionally followed by a space or 'T' and {@code hh:mm[:ss[.f]]}. */
  static LocalDateTime parseTimestamp(Text text) {
    Text t = strip(text);
    try {
      if (t.length() == 10) {
        return LocalDate.parse(t).atStartOfDay();
      }
      if (t.length() > 11 && (t.charAt(10) == ' ' || t.charAt(10) == 'T')) {
        return LocalDate.parse(t.subSequence(0, 10))
            .atTime(LocalTime.parse(t.subSequence(11, t.length())));
      }
    } catch (DateTimeParseException e) {
      throw invalid(text, "TIMESTAMP");
    }
    throw invalid(text, "TIMESTAMP");
  }

  private static KiteSqlException invalid(Text text, String type) {
    // The message copies the offending text: errors may allocate, the read path may not.
    String shown = text.length() > 60 ? text.subSequence(0, 60) + "..." : text.toString();
    return new KiteSqlException(
        ErrorCode.INVALID_VALUE, "invalid " + type + " value '" + shown + "'");
  }
}
