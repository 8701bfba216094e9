package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.Coercions;
import io.kitesql.expr.Expr;
import io.kitesql.sql.QuotedBackslashes;
import io.kitesql.value.Binary;
import io.kitesql.value.DataType;
import io.kitesql.value.Text;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.HexFormat;
import java.util.Optional;
import net.sf.jsqlparser.expression.BooleanValue;
import net.sf.jsqlparser.expression.DateTimeLiteralExpression;
import net.sf.jsqlparser.expression.DoubleValue;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.expression.HexValue;
import net.sf.jsqlparser.expression.LongValue;
import net.sf.jsqlparser.expression.NullValue;
import net.sf.jsqlparser.expression.SignedExpression;
import net.sf.jsqlparser.expression.StringValue;

/**
 * Literals. Integers: INT if they fit, else BIGINT; beyond BIGINT they cannot be DECIMAL either
 * (19+ digits exceed DECIMAL's 18), so VALUE_OUT_OF_RANGE. Numbers with a point: DECIMAL of their
 * digits ({@code 1.5} is DECIMAL(2, 1)), or DOUBLE beyond 18 digits. With an exponent: DOUBLE.
 * {@code 'text'}: VARCHAR (owned text; {@code ''} is a quote; the {@code N} prefix is accepted,
 * others are unsupported). {@code X'0A0B'}: VARBINARY. {@code NULL}: untyped (see {@link Expr}).
 */
final class LiteralBinder {
  private LiteralBinder() {}

  /** The literal {@code e} denotes, or empty if {@code e} is not a literal. */
  static Optional<Expr> literal(Expression e) {
    Expr r =
        switch (e) {
          case LongValue v -> integer(new BigInteger(v.getStringValue()));
          case DoubleValue v -> decimal(v.toString(), false);
          case StringValue s -> string(s);
          case NullValue n -> new Expr.Literal(null, DataType.VARCHAR);
          case BooleanValue b -> new Expr.Literal(b.getValue(), DataType.BOOLEAN);
          case HexValue h -> hex(h);
          case DateTimeLiteralExpression d -> dateTime(d);
          default -> null;
        };
    return Optional.ofNullable(r);
  }

  /** {@code -5} or {@code -1.5} as one literal (so that -2147483648 is an INT). */
  static Optional<Expr> signedNumber(SignedExpression s) {
    if (s.getSign() != '-') {
      return Optional.empty();
    }
    return switch (s.getExpression()) {
      case LongValue v -> Optional.of(integer(new BigInteger(v.getStringValue()).negate()));
      case DoubleValue v -> Optional.of(decimal(v.toString(), true));
      default -> Optional.empty();
    };
  }

  private static Expr integer(BigInteger v) {
    if (v.bitLength() < 32) {
      return new Expr.Literal(v.intValue(), DataType.INT);
    }
    if (v.bitLength() < 64) {
      return new Expr.Literal(v.longValue(), DataType.BIGINT);
    }
    throw new KiteSqlException(
        ErrorCode.VALUE_OUT_OF_RANGE, "integer literal " + v + " is out of range for BIGINT");
  }

  private static Expr decimal(String text, boolean negative) {
    String t = negative ? "-" + text : text;
    if (text.indexOf('e') >= 0 || text.indexOf('E') >= 0) {
      return new Expr.Literal(Double.parseDouble(t), DataType.DOUBLE);
    }
    BigDecimal d = new BigDecimal(t);
    int scale = Math.max(d.scale(), 0);
    int precision = Math.max(d.precision(), scale);
    if (precision > DataType.MAX_DECIMAL_PRECISION) {
      return new Expr.Literal(d.doubleValue(), DataType.DOUBLE);
    }
    return new Expr.Literal(d, DataType.decimal(Math.max(precision, 1), scale));
  }

  private static Expr string(StringValue s) {
    String prefix = s.getPrefix();
    if (prefix != null && !prefix.equalsIgnoreCase("N")) {
      throw ExpressionBinder.unsupported("string literal prefix " + prefix, s);
    }
    String value = QuotedBackslashes.restore(s.getValue()).replace("''", "'");
    try {
      return new Expr.Literal(Text.of(value), DataType.VARCHAR);
    } catch (KiteSqlException e) {
      throw new KiteSqlException(
          e.errorCode(), "string literal '" + abbreviated(value) + "': " + e.reason(), e);
    }
  }

  /**
   * The digits of {@code X'4142'} or {@code 0x4142}. JSqlParser 5.4 keeps the whitespace that
   * follows the literal in its value (and its getDigits then cuts the wrong characters).
   */
  private static String hexDigits(String literal) {
    if (literal.length() >= 3
        && (literal.charAt(0) == 'x' || literal.charAt(0) == 'X')
        && literal.charAt(1) == '\''
        && literal.endsWith("'")) {
      return literal.substring(2, literal.length() - 1);
    }
    if (literal.length() >= 2
        && literal.charAt(0) == '0'
        && (literal.charAt(1) == 'x' || literal.charAt(1) == 'X')) {
      return literal.substring(2);
    }
    throw new KiteSqlException(ErrorCode.INVALID_VALUE, "bad binary literal " + literal);
  }

  private static String abbreviated(String literal) {
    return literal.length() <= 40 ? literal : literal.substring(0, 37) + "...";
  }

  private static Expr hex(HexValue h) {
    String digits = hexDigits(h.getValue().strip());
    if (digits.length() % 2 != 0) {
      throw new KiteSqlException(
          ErrorCode.INVALID_VALUE, "binary literal needs an even number of hex digits: " + h);
    }
    try {
      return new Expr.Literal(
          Binary.ofOwned(HexFormat.of().parseHex(digits)), DataType.varbinary(0));
    } catch (IllegalArgumentException e) {
      throw new KiteSqlException(ErrorCode.INVALID_VALUE, "bad binary literal " + h);
    }
  }

  private static Expr dateTime(DateTimeLiteralExpression d) {
    DataType t =
        switch (d.getType()) {
          case DATE -> DataType.DATE;
          case TIMESTAMP, DATETIME -> DataType.TIMESTAMP;
          default -> throw ExpressionBinder.unsupported(d.getType() + " literal", d);
        };
    String v = d.getValue();
    if (v.length() >= 2 && v.startsWith("'") && v.endsWith("'")) {
      v = v.substring(1, v.length() - 1);
    }
    return new Expr.Literal(Coercions.cast(Text.of(v), t), t);
  }
}
