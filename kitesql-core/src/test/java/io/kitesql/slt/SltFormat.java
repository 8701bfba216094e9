package io.kitesql.slt;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Pattern;

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
 *
 * <p>{@link Values#ORIGINAL} instead converts as the original sqllogictest program does (through
 * SQLite's {@code sqlite3_column_int}, {@code _double} and {@code _text}), so a corpus written for
 * SQLite reads the same: see {@link #formatOriginal}.
 */
public final class SltFormat {
  /** Which conversion rules render values. */
  public enum Values {
    /** The project's own rules (above): a value of the wrong type stays visible. */
    KITESQL,
    /** The original sqllogictest's rules, those of SQLite's C API (see {@link #formatOriginal}). */
    ORIGINAL
  }

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

  /** Formats {@code value} for column type {@code type} by the rules {@code values}. */
  public static String format(Object value, char type, Values values) {
    return values == Values.ORIGINAL ? formatOriginal(value, type) : format(value, type);
  }

  /**
   * Formats {@code value} as the original sqllogictest program does with SQLite:
   *
   * <ul>
   *   <li>SQL NULL is {@code NULL};
   *   <li>{@code I}: {@code sqlite3_column_int}, a 32-bit integer: a 64-bit integer keeps its low
   *       32 bits, a real is truncated toward zero (saturating at the 64-bit range first), text is
   *       the integer its leading characters spell ({@code '12abc'} is 12, {@code 'abc'} is 0), a
   *       boolean is 1 or 0;
   *   <li>{@code R}: {@code sqlite3_column_double} printed as {@code %.3f} by SQLite's printf (text
   *       by its leading number, else 0);
   *   <li>{@code T}: {@code sqlite3_column_text}: a real as SQLite writes it ({@code %!.15g}:
   *       {@code 1.0}, {@code 0.333333333333333}, {@code 1.0e+20}), a boolean as 1 or 0; the empty
   *       string as {@code (empty)}; then every UTF-8 byte outside printable ASCII (so every byte
   *       of a non-ASCII character) becomes {@code @}.
   * </ul>
   */
  public static String formatOriginal(Object value, char type) {
    if (value == null) {
      return NULL;
    }
    return switch (Character.toUpperCase(type)) {
      case 'I' -> Integer.toString((int) originalInteger(value));
      case 'R' -> sqliteFixed3(originalReal(value));
      default -> originalText(value);
    };
  }

  /** {@code sqlite3_column_int64} of the value. */
  private static long originalInteger(Object value) {
    return switch (value) {
      case Boolean b -> b ? 1 : 0;
      case Byte _, Short _, Integer _, Long _ -> ((Number) value).longValue();
      case BigInteger i ->
          i.bitLength() < 64 ? i.longValue() : i.signum() < 0 ? Long.MIN_VALUE : Long.MAX_VALUE;
      case Number n -> (long) n.doubleValue(); // Java's cast saturates like SQLite's doubleToInt64
      case byte[] bytes -> leadingInteger(new String(bytes, StandardCharsets.ISO_8859_1));
      default -> leadingInteger(value.toString());
    };
  }

  /** {@code sqlite3_column_double} of the value. */
  private static double originalReal(Object value) {
    return switch (value) {
      case Boolean b -> b ? 1 : 0;
      case Number n -> n.doubleValue();
      case byte[] bytes -> leadingReal(new String(bytes, StandardCharsets.ISO_8859_1));
      default -> leadingReal(value.toString());
    };
  }

  private static final Pattern LEADING_INTEGER =
      Pattern.compile("^[ \\t\\n\\f\\r]*([+-]?)0*(\\d*)");
  private static final Pattern LEADING_REAL =
      Pattern.compile("^[ \\t\\n\\f\\r]*[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

  /** SQLite's {@code sqlite3Atoi64}: the integer the leading characters spell, saturated. */
  static long leadingInteger(String text) {
    var m = LEADING_INTEGER.matcher(text);
    m.find();
    var digits = m.group(2);
    boolean negative = m.group(1).equals("-");
    if (digits.isEmpty()) {
      return 0;
    }
    if (digits.length() > 19) {
      return negative ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
    var magnitude = new BigInteger(digits);
    var signed = negative ? magnitude.negate() : magnitude;
    if (signed.bitLength() >= 64) {
      return negative ? Long.MIN_VALUE : Long.MAX_VALUE;
    }
    return signed.longValue();
  }

  /** SQLite's {@code sqlite3AtoF}: the number the leading characters spell, else 0. */
  static double leadingReal(String text) {
    var m = LEADING_REAL.matcher(text);
    return m.find() ? Double.parseDouble(m.group().strip()) : 0.0;
  }

  private static String originalText(Object value) {
    String s =
        switch (value) {
          case Boolean b -> b ? "1" : "0";
          case Double d -> sqliteReal(d);
          case Float f -> sqliteReal(f.doubleValue());
          case BigDecimal d -> sqliteReal(d.doubleValue()); // a DECIMAL would be a REAL in SQLite
          case byte[] bytes -> new String(bytes, StandardCharsets.ISO_8859_1);
          default -> value.toString();
        };
    if (s.isEmpty()) {
      return EMPTY;
    }
    byte[] bytes = value instanceof byte[] b ? b : s.getBytes(StandardCharsets.UTF_8);
    var out = new StringBuilder(bytes.length);
    for (byte b : bytes) {
      out.append(b < ' ' || b > '~' ? '@' : (char) b); // bytes over 0x7f are negative
    }
    return out.toString();
  }

  /**
   * A real as SQLite's {@code sqlite3_column_text} has written it for most of its history, and so
   * as SQLite's corpus expects it: {@code %!.15g}, that is 15 significant digits, at least one
   * decimal, and an exponent ({@code 1.0e+20}, {@code 2.5e-07}) only below 1e-4 or above 1e15.
   * (Recent SQLite versions write 17 digits when 15 do not give the value back.)
   */
  static String sqliteReal(double d) {
    if (Double.isNaN(d)) {
      return NULL;
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "Inf" : "-Inf";
    }
    if (d == 0) {
      return 1 / d < 0 ? "-0.0" : "0.0";
    }
    var rounded =
        new BigDecimal(d).round(new MathContext(15, RoundingMode.HALF_UP)).stripTrailingZeros();
    int exponent = rounded.precision() - rounded.scale() - 1;
    if (exponent < -4 || exponent > 15) { // SQLite's %g: exp > precision, where C has >=
      var digits = rounded.unscaledValue().abs().toString();
      var mantissa = digits.charAt(0) + "." + (digits.length() > 1 ? digits.substring(1) : "0");
      return (rounded.signum() < 0 ? "-" : "")
          + mantissa
          + "e"
          + (exponent < 0 ? "-" : "+")
          + String.format(Locale.ROOT, "%02d", Math.abs(exponent));
    }
    var plain = rounded.toPlainString();
    return plain.contains(".") ? plain : plain + ".0";
  }

  /**
   * {@code %.3f} as SQLite's printf writes it (the original program formats {@code R} values with
   * {@code sqlite3_snprintf}): the value to 18 significant digits, then to three decimals half up,
   * or to 16 significant digits where that is fewer (the rest are zeros). Checked against SQLite's
   * printf below 1e13; above, SQLite's approximate decimal conversion may differ in the 16th digit.
   */
  static String sqliteFixed3(double d) {
    if (Double.isNaN(d)) {
      return "NaN";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "Inf" : "-Inf";
    }
    if (d == 0) {
      return "0.000";
    }
    var first = new BigDecimal(d).round(new MathContext(18, RoundingMode.HALF_EVEN));
    int integerDigits = first.precision() - first.scale();
    var rounded =
        integerDigits + 3 <= 16
            ? first.setScale(3, RoundingMode.HALF_UP)
            : first
                .round(new MathContext(16, RoundingMode.HALF_UP))
                .setScale(3, RoundingMode.UNNECESSARY);
    var text = rounded.toPlainString();
    return d < 0 && rounded.signum() == 0 ? "-" + text : text;
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
