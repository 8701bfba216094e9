package io.kitesql.slt;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Locale;

/**
 * Renders engine values the way sqllogictest expects them, so every engine formats alike.
 *
 * <ul>
 *   <li>SQL NULL is {@code NULL} whatever the column type;
 *   <li>{@code I}: an integer, a fractional number is truncated toward zero, a boolean is 1 or 0;
 *   <li>{@code R}: a number with exactly three decimals ({@code %.3f});
 *   <li>{@code T}: the text itself, the empty string as {@code (empty)}, control characters as
 *       {@code @} (so a value never spans lines of the expected output).
 * </ul>
 *
 * A value that does not fit its column type (text in an {@code I} column, say) is shown as text:
 * the mismatch then surfaces in the comparison instead of being hidden by a conversion.
 */
public final class SltFormat {
  /** The rendering of SQL NULL. */
  public static final String NULL = "NULL";

  /** The rendering of the empty string, which would otherwise be an invisible blank line. */
  public static final String EMPTY = "(empty)";

  private SltFormat() {}

  /** Formats {@code value} (null meaning SQL NULL) for the column type letter {@code type}. */
  public static String format(Object value, char type) {
    if (value == null) {
      return NULL;
    }
    return switch (Character.toUpperCase(type)) {
      case 'I' -> integer(value);
      case 'R' -> real(value);
      default -> text(value);
    };
  }

  /** The type letter of column {@code index} in {@code columnTypes}, {@code T} past its end. */
  public static char typeAt(String columnTypes, int index) {
    return index < columnTypes.length() ? columnTypes.charAt(index) : 'T';
  }

  private static String integer(Object value) {
    return switch (value) {
      case Boolean b -> b ? "1" : "0";
      case Byte _, Short _, Integer _, Long _, BigInteger _ -> value.toString();
      case BigDecimal d -> d.toBigInteger().toString();
      case Number n -> Long.toString((long) n.doubleValue());
      default -> text(value);
    };
  }

  private static String real(Object value) {
    return switch (value) {
      case BigDecimal d -> String.format(Locale.ROOT, "%.3f", d);
      case Number n -> String.format(Locale.ROOT, "%.3f", n.doubleValue());
      case Boolean b -> b ? "1.000" : "0.000";
      default -> text(value);
    };
  }

  private static String text(Object value) {
    String s =
        switch (value) {
          case byte[] bytes -> hex(bytes);
          case Boolean b -> b ? "true" : "false";
          default -> value.toString();
        };
    if (s.isEmpty()) {
      return EMPTY;
    }
    StringBuilder out = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      out.append(c < ' ' || c == 0x7f ? '@' : c);
    }
    return out.toString();
  }

  private static String hex(byte[] bytes) {
    StringBuilder out = new StringBuilder(bytes.length * 2);
    for (byte b : bytes) {
      out.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
    }
    return out.toString().toUpperCase(Locale.ROOT);
  }
}
