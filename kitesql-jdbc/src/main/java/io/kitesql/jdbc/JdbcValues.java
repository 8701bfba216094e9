package io.kitesql.jdbc;

import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.HexFormat;
import org.jspecify.annotations.Nullable;

/**
 * The conversions of a result set's getters, from the engine's values (see {@link
 * io.kitesql.value.DataType}) to what JDBC callers ask for. A value that does not convert is a
 * {@link SQLDataException} naming the column and the value's kind.
 */
final class JdbcValues {
  private JdbcValues() {}

  /**
   * What {@code getObject(i)} returns: text and bytes copied to String and byte[], dates as {@code
   * java.sql} types.
   */
  static @Nullable Object standard(@Nullable Object v) {
    return switch (v) {
      case null -> null;
      case Text t -> t.toString();
      case Binary b -> b.toByteArray();
      case LocalDate d -> java.sql.Date.valueOf(d);
      case LocalDateTime ts -> Timestamp.valueOf(ts);
      default -> v;
    };
  }

  static @Nullable String string(@Nullable Object v) {
    return switch (v) {
      case null -> null;
      case Binary b -> HexFormat.of().formatHex(b.toByteArray());
      case BigDecimal d -> d.toPlainString();
      case LocalDateTime ts -> Timestamp.valueOf(ts).toString();
      default -> v.toString(); // Text: a copy, as getString's contract says
    };
  }

  static long toLong(Object v, String column) throws SQLException {
    return switch (v) {
      case Integer i -> i;
      case Long l -> l;
      case Boolean b -> b ? 1 : 0;
      case Double d when d == Math.rint(d) && Math.abs(d) < 0x1p63 -> d.longValue();
      case BigDecimal d -> {
        try {
          yield d.longValueExact();
        } catch (ArithmeticException e) {
          throw new SQLDataException(
              "column " + column + " holds " + d + ", which is not a whole number of 64 bits",
              "22003");
        }
      }
      case Text t -> {
        try {
          yield Long.parseLong(t.toString().strip());
        } catch (NumberFormatException e) {
          throw notA("an integer", v, column);
        }
      }
      default -> throw notA("an integer", v, column);
    };
  }

  /** {@link #toLong} within {@code [min, max]}. */
  static long toLong(Object v, String column, long min, long max, String type) throws SQLException {
    long value = toLong(v, column);
    if (value < min || value > max) {
      throw new SQLDataException(
          "column " + column + " holds " + value + ", which does not fit in " + type, "22003");
    }
    return value;
  }

  static double toDouble(Object v, String column) throws SQLException {
    return switch (v) {
      case Number n -> n.doubleValue();
      case Boolean b -> b ? 1 : 0;
      case Text t -> {
        try {
          yield Double.parseDouble(t.toString().strip());
        } catch (NumberFormatException e) {
          throw notA("a number", v, column);
        }
      }
      default -> throw notA("a number", v, column);
    };
  }

  static BigDecimal toBigDecimal(Object v, String column) throws SQLException {
    return switch (v) {
      case BigDecimal d -> d;
      case Integer i -> BigDecimal.valueOf(i);
      case Long l -> BigDecimal.valueOf(l);
      case Double d when Double.isFinite(d) -> BigDecimal.valueOf(d);
      case Text t -> {
        try {
          yield new BigDecimal(t.toString().strip());
        } catch (NumberFormatException e) {
          throw notA("a number", v, column);
        }
      }
      default -> throw notA("a decimal number", v, column);
    };
  }

  static boolean toBoolean(Object v, String column) throws SQLException {
    return switch (v) {
      case Boolean b -> b;
      case Integer i -> i != 0;
      case Long l -> l != 0;
      case Text t when t.contentEquals("true") || t.contentEquals("1") -> true;
      case Text t when t.contentEquals("false") || t.contentEquals("0") -> false;
      default -> throw notA("a boolean", v, column);
    };
  }

  static byte[] toBytes(Object v, String column) throws SQLException {
    return switch (v) {
      case Binary b -> b.toByteArray();
      case Text t -> t.toString().getBytes(StandardCharsets.UTF_8);
      default -> throw notA("bytes", v, column);
    };
  }

  static LocalDate toLocalDate(Object v, String column) throws SQLException {
    return switch (v) {
      case LocalDate d -> d;
      case LocalDateTime ts -> ts.toLocalDate();
      default -> throw notA("a date", v, column);
    };
  }

  static LocalDateTime toLocalDateTime(Object v, String column) throws SQLException {
    return switch (v) {
      case LocalDateTime ts -> ts;
      case LocalDate d -> d.atStartOfDay();
      default -> throw notA("a timestamp", v, column);
    };
  }

  /**
   * {@code getObject(i, type)}: {@link CharSequence} and {@link Text} return the engine's text as
   * it is (in a read-only transaction a view of the map, not a copy), {@link Binary} its bytes
   * likewise; other types convert.
   */
  @SuppressWarnings("unchecked")
  static <T> T convert(Object v, Class<T> type, String column) throws SQLException {
    if (type == CharSequence.class || type == Text.class) {
      return (T) (v instanceof Text t ? t : Text.of(string(v)));
    }
    Object converted;
    if (type == String.class) {
      converted = string(v);
    } else if (type == Integer.class) {
      converted = (int) toLong(v, column, Integer.MIN_VALUE, Integer.MAX_VALUE, "an int");
    } else if (type == Long.class) {
      converted = toLong(v, column);
    } else if (type == Short.class) {
      converted = (short) toLong(v, column, Short.MIN_VALUE, Short.MAX_VALUE, "a short");
    } else if (type == Byte.class) {
      converted = (byte) toLong(v, column, Byte.MIN_VALUE, Byte.MAX_VALUE, "a byte");
    } else if (type == Double.class) {
      converted = toDouble(v, column);
    } else if (type == Float.class) {
      converted = (float) toDouble(v, column);
    } else if (type == BigDecimal.class) {
      converted = toBigDecimal(v, column);
    } else if (type == BigInteger.class) {
      converted = BigInteger.valueOf(toLong(v, column));
    } else if (type == Boolean.class) {
      converted = toBoolean(v, column);
    } else if (type == byte[].class) {
      converted = toBytes(v, column);
    } else if (type == Binary.class) {
      converted = v instanceof Binary b ? b : Binary.of(toBytes(v, column));
    } else if (type == LocalDate.class) {
      converted = toLocalDate(v, column);
    } else if (type == LocalDateTime.class) {
      converted = toLocalDateTime(v, column);
    } else if (type == java.sql.Date.class) {
      converted = java.sql.Date.valueOf(toLocalDate(v, column));
    } else if (type == Timestamp.class) {
      converted = Timestamp.valueOf(toLocalDateTime(v, column));
    } else if (type == Object.class) {
      converted = standard(v);
    } else {
      throw new SQLDataException(
          "column "
              + column
              + " cannot be read as "
              + type.getName()
              + " (KiteSQL reads "
              + kind(v)
              + " values as "
              + standard(v).getClass().getName()
              + "; TIMESTAMP is zone-free: LocalDateTime)",
          "22018");
    }
    return type.cast(converted);
  }

  private static SQLDataException notA(String wanted, Object v, String column) {
    return new SQLDataException(
        "column " + column + " holds " + kind(v) + ", not " + wanted, "22018");
  }

  private static String kind(Object v) {
    return switch (v) {
      case Text t -> "text '" + (t.length() > 40 ? t.subSequence(0, 40) + "..." : t) + "'";
      case Binary b -> "bytes (" + b.length() + ")";
      default -> v.getClass().getSimpleName() + " " + v;
    };
  }
}
