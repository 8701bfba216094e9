package io.kitesql.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.value.Binary;
import io.kitesql.value.DataType;
import io.kitesql.value.RandomStrings;
import io.kitesql.value.Text;
import io.kitesql.value.TypeKind;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/** Random SQL values with extremes, and an independent SQL comparison, for property tests. */
final class SqlValues {
  private SqlValues() {}

  static final List<DataType> SCALAR_TYPES =
      List.of(
          DataType.BOOLEAN,
          DataType.INT,
          DataType.BIGINT,
          DataType.DOUBLE,
          DataType.decimal(18, 4),
          DataType.decimal(5, 0),
          DataType.DATE,
          DataType.TIMESTAMP,
          DataType.VARCHAR,
          DataType.VARBINARY);

  static DataType randomType(Random rnd) {
    return SCALAR_TYPES.get(rnd.nextInt(SCALAR_TYPES.size()));
  }

  /** A random value of {@code type}: null about one time in eight, extremes often. */
  static Object value(Random rnd, DataType type) {
    if (rnd.nextInt(8) == 0) {
      return null;
    }
    return switch (type.kind()) {
      case BOOLEAN -> rnd.nextBoolean();
      case INT ->
          pick(
              rnd,
              new Object[] {Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, 1},
              rnd.nextBoolean() ? rnd.nextInt() : rnd.nextInt(7) - 3);
      case BIGINT ->
          pick(
              rnd,
              new Object[] {Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, 1L},
              rnd.nextBoolean() ? rnd.nextLong() : (long) (rnd.nextInt(7) - 3));
      case DOUBLE -> randomDouble(rnd);
      case DECIMAL -> {
        long max = BigDecimal.TEN.pow(type.precision()).longValueExact() - 1;
        long unscaled =
            rnd.nextInt(4) == 0
                ? (rnd.nextBoolean() ? max : -max)
                : rnd.nextLong(-max, max + 1) / (rnd.nextBoolean() ? 1 : 1_000_000);
        yield BigDecimal.valueOf(unscaled, type.scale());
      }
      case DATE ->
          LocalDate.ofEpochDay(
              (Integer)
                  pick(
                      rnd,
                      new Object[] {Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1},
                      rnd.nextBoolean() ? rnd.nextInt() : rnd.nextInt(-1_000_000, 1_000_000)));
      case TIMESTAMP -> {
        long micros =
            (Long)
                pick(
                    rnd,
                    new Object[] {Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L},
                    rnd.nextBoolean()
                        ? rnd.nextLong()
                        : rnd.nextLong(-4_000_000_000_000_000L, 4_000_000_000_000_000L));
        // Built without the codec's own conversion: seconds and micros split by hand.
        yield LocalDateTime.ofEpochSecond(
            Math.floorDiv(micros, 1_000_000L),
            (int) Math.floorMod(micros, 1_000_000L) * 1000,
            ZoneOffset.UTC);
      }
      case VARCHAR -> {
        String s = rnd.nextBoolean() ? RandomStrings.ascii(rnd, 6) : RandomStrings.mixed(rnd, 6);
        yield rnd.nextBoolean() ? s : Text.of(s);
      }
      case VARBINARY -> {
        byte[] b = new byte[rnd.nextInt(6)];
        for (int i = 0; i < b.length; i++) {
          b[i] = (byte) new int[] {0, 0xFF, 1, 0x80, rnd.nextInt(256)}[rnd.nextInt(5)];
        }
        yield rnd.nextBoolean() ? b : Binary.of(b);
      }
    };
  }

  private static Object pick(Random rnd, Object[] extremes, Object otherwise) {
    return rnd.nextInt(3) == 0 ? extremes[rnd.nextInt(extremes.length)] : otherwise;
  }

  private static double randomDouble(Random rnd) {
    double[] special = {
      Double.NaN,
      Double.longBitsToDouble(0xFFF0000000000001L),
      Double.POSITIVE_INFINITY,
      Double.NEGATIVE_INFINITY,
      -0.0,
      0.0,
      Double.MIN_VALUE,
      -Double.MIN_VALUE,
      Double.MAX_VALUE,
      -Double.MAX_VALUE,
      1.0,
      -1.0
    };
    return switch (rnd.nextInt(3)) {
      case 0 -> special[rnd.nextInt(special.length)];
      case 1 -> rnd.nextInt(5) - 2;
      default -> (rnd.nextDouble() - 0.5) * Math.pow(10, rnd.nextInt(-300, 300));
    };
  }

  /** SQL order of two values of {@code type}: NULL first, NaN last, strings by code point. */
  static int compare(DataType type, Object a, Object b) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : -1) : 1;
    }
    return Integer.signum(
        switch (type.kind()) {
          case BOOLEAN -> Boolean.compare((Boolean) a, (Boolean) b);
          case INT -> Integer.compare((Integer) a, (Integer) b);
          case BIGINT -> Long.compare((Long) a, (Long) b);
          case DOUBLE -> compareDoubles((Double) a, (Double) b);
          case DECIMAL -> ((BigDecimal) a).compareTo((BigDecimal) b);
          case DATE -> ((LocalDate) a).compareTo((LocalDate) b);
          case TIMESTAMP -> ((LocalDateTime) a).compareTo((LocalDateTime) b);
          case VARCHAR ->
              Arrays.compare(
                  a.toString().codePoints().toArray(), b.toString().codePoints().toArray());
          case VARBINARY -> Arrays.compareUnsigned(bytes(a), bytes(b));
        });
  }

  private static int compareDoubles(double a, double b) {
    if (Double.isNaN(a) || Double.isNaN(b)) {
      return Boolean.compare(Double.isNaN(a), Double.isNaN(b));
    }
    return a < b ? -1 : a > b ? 1 : 0; // numeric: -0.0 == 0.0
  }

  static byte[] bytes(Object v) {
    return v instanceof Binary b ? b.toByteArray() : (byte[]) v;
  }

  static int compareTuples(List<DataType> types, Object[] a, Object[] b) {
    for (int i = 0; i < types.size(); i++) {
      int c = compare(types.get(i), a[i], b[i]);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  /** Asserts a decoded value equals the original, in the representation of its kind. */
  static void assertDecoded(DataType type, Object expected, Object actual) {
    if (expected == null) {
      assertThat(actual).isNull();
      return;
    }
    switch (type.kind()) {
      case VARCHAR -> {
        assertThat(actual).isInstanceOf(Text.class);
        assertThat(actual.toString()).isEqualTo(expected.toString());
        assertThat(((Text) actual).utf8Length())
            .isEqualTo(expected.toString().getBytes(StandardCharsets.UTF_8).length);
      }
      case VARBINARY -> assertThat(bytes(actual)).isEqualTo(bytes(expected));
      case DOUBLE ->
          assertThat(Double.doubleToLongBits((Double) actual))
              .isEqualTo(Double.doubleToLongBits((Double) expected));
      default -> {
        assertThat(actual).isEqualTo(expected);
        assertThat(type.kind() != TypeKind.DECIMAL || ((BigDecimal) actual).scale() == type.scale())
            .isTrue();
      }
    }
  }
}
