package io.kitesql.expr;

import io.kitesql.value.Binary;
import io.kitesql.value.Decimals;
import io.kitesql.value.Text;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;

/** Text forms of values: for CAST to VARCHAR, SQL literals in {@link Exprs#toSql}, messages. */
final class Render {
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss[.SSSSSS]");

  /**
   * Plain notation up to this many characters; a longer DECIMAL (only a parameter holds one) is
   * written in scientific notation.
   */
  private static final int MAX_PLAIN_CHARS = 1000;

  private Render() {}

  /**
   * The plain text of a value, as CAST(v AS VARCHAR) gives it: numbers in plain notation (DECIMAL
   * keeps its scale; DOUBLE as Java prints it, e.g. {@code 1.5}, {@code 1.0E10}), booleans {@code
   * true}/{@code false}, ISO dates, timestamps as {@code yyyy-mm-dd hh:mm:ss[.ffffff]}.
   */
  static String plain(Object v) {
    return switch (v) {
      case BigDecimal d -> Decimals.plainOrScientific(d, MAX_PLAIN_CHARS);
      case LocalDateTime ts ->
          ts.getNano() == 0
              ? ts.format(DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss"))
              : ts.format(TIMESTAMP);
      case Binary b -> HexFormat.of().withUpperCase().formatHex(b.toByteArray());
      case byte[] b -> HexFormat.of().withUpperCase().formatHex(b);
      default -> String.valueOf(v);
    };
  }

  /** A SQL literal for {@code v}: quoted text, typed DATE/TIMESTAMP, X'..' binary, NULL. */
  static String literal(Object v) {
    return switch (v) {
      case null -> "NULL";
      case Text t -> quote(t.toString());
      case String s -> quote(s);
      case Boolean b -> b ? "TRUE" : "FALSE";
      case LocalDate d -> "DATE '" + d + "'";
      case LocalDateTime ts -> "TIMESTAMP '" + plain(ts) + "'";
      case Binary b -> "X'" + plain(b) + "'";
      default -> plain(v);
    };
  }

  private static String quote(String s) {
    return "'" + s.replace("'", "''") + "'";
  }
}
