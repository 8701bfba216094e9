package io.kitesql.value;

import java.util.Objects;

/**
 * A column type: a {@link TypeKind} plus its parameters.
 *
 * <p>Java values and storage per kind (SQL NULL is Java {@code null} for every kind):
 *
 * <table>
 *   <caption>Kinds</caption>
 *   <tr><th>kind</th><th>Java value</th><th>stored as</th></tr>
 *   <tr><td>BOOLEAN</td><td>{@link Boolean}</td><td>1 byte</td></tr>
 *   <tr><td>INT</td><td>{@link Integer}</td><td>4 bytes</td></tr>
 *   <tr><td>SMALLINT (INT with length 16)</td><td>{@link Integer} in -32768..32767</td><td>4 bytes</td></tr>
 *   <tr><td>BIGINT</td><td>{@link Long}</td><td>8 bytes</td></tr>
 *   <tr><td>DOUBLE</td><td>{@link Double}</td><td>8 bytes, IEEE 754</td></tr>
 *   <tr><td>DECIMAL(p, s)</td><td>{@link java.math.BigDecimal}</td>
 *       <td>8 bytes: the unscaled {@code long} at scale {@code s}</td></tr>
 *   <tr><td>VARCHAR(n)</td><td>{@link Text}</td><td>UTF-8 bytes, variable</td></tr>
 *   <tr><td>VARBINARY(n)</td><td>{@link Binary}</td><td>bytes, variable</td></tr>
 *   <tr><td>DATE</td><td>{@link java.time.LocalDate}</td><td>4 bytes: epoch day as int</td></tr>
 *   <tr><td>TIMESTAMP</td><td>{@link java.time.LocalDateTime}</td>
 *       <td>8 bytes: microseconds since 1970-01-01T00:00 (a zone-free local timestamp)</td></tr>
 * </table>
 *
 * @param kind the kind
 * @param length VARCHAR: maximum length in characters (code points); VARBINARY: maximum length in
 *     bytes; 0 means unbounded. DECIMAL: the precision, 1..18 (so every value fits a long). INT: 16
 *     for SMALLINT (values are range-checked to 16 bits; storage stays 4 bytes), else 0. Else 0.
 * @param scale DECIMAL: digits after the point, 0..precision. Else 0.
 */
public record DataType(TypeKind kind, int length, int scale) {
  /** Maximum DECIMAL precision: every 18-digit unscaled value fits a {@code long}. */
  public static final int MAX_DECIMAL_PRECISION = 18;

  public static final DataType BOOLEAN = new DataType(TypeKind.BOOLEAN, 0, 0);
  public static final DataType INT = new DataType(TypeKind.INT, 0, 0);

  /** SMALLINT: an INT whose values must fit 16 bits, as in PostgreSQL. */
  public static final DataType SMALLINT = new DataType(TypeKind.INT, 16, 0);

  public static final DataType BIGINT = new DataType(TypeKind.BIGINT, 0, 0);
  public static final DataType DOUBLE = new DataType(TypeKind.DOUBLE, 0, 0);
  public static final DataType DATE = new DataType(TypeKind.DATE, 0, 0);
  public static final DataType TIMESTAMP = new DataType(TypeKind.TIMESTAMP, 0, 0);

  /** VARCHAR without a length limit. */
  public static final DataType VARCHAR = new DataType(TypeKind.VARCHAR, 0, 0);

  /** VARBINARY without a length limit. */
  public static final DataType VARBINARY = new DataType(TypeKind.VARBINARY, 0, 0);

  /** Validates the parameters for the kind. */
  public DataType {
    Objects.requireNonNull(kind, "kind");
    switch (kind) {
      case VARCHAR, VARBINARY -> require(length >= 0 && scale == 0, kind, length, scale);
      case DECIMAL ->
          require(
              length >= 1 && length <= MAX_DECIMAL_PRECISION && scale >= 0 && scale <= length,
              kind,
              length,
              scale);
      case INT -> require((length == 0 || length == 16) && scale == 0, kind, length, scale);
      default -> require(length == 0 && scale == 0, kind, length, scale);
    }
  }

  private static void require(boolean ok, TypeKind kind, int length, int scale) {
    if (!ok) {
      throw new IllegalArgumentException(
          "invalid parameters for " + kind + ": length " + length + ", scale " + scale);
    }
  }

  /** VARCHAR of at most {@code maxChars} characters (0 = unbounded). */
  public static DataType varchar(int maxChars) {
    return new DataType(TypeKind.VARCHAR, maxChars, 0);
  }

  /** VARBINARY of at most {@code maxBytes} bytes (0 = unbounded). */
  public static DataType varbinary(int maxBytes) {
    return new DataType(TypeKind.VARBINARY, maxBytes, 0);
  }

  /** DECIMAL with {@code precision} digits (1..18), {@code scale} of them after the point. */
  public static DataType decimal(int precision, int scale) {
    return new DataType(TypeKind.DECIMAL, precision, scale);
  }

  /** DECIMAL precision (same as {@link #length()}); 0 for other kinds. */
  public int precision() {
    return kind == TypeKind.DECIMAL ? length : 0;
  }

  /** The smallest value of an integer type (SMALLINT, INT, BIGINT). */
  public long minInteger() {
    return switch (kind) {
      case INT -> length == 16 ? Short.MIN_VALUE : Integer.MIN_VALUE;
      case BIGINT -> Long.MIN_VALUE;
      default -> throw new IllegalStateException("not an integer type: " + this);
    };
  }

  /** The largest value of an integer type (SMALLINT, INT, BIGINT). */
  public long maxInteger() {
    return switch (kind) {
      case INT -> length == 16 ? Short.MAX_VALUE : Integer.MAX_VALUE;
      case BIGINT -> Long.MAX_VALUE;
      default -> throw new IllegalStateException("not an integer type: " + this);
    };
  }

  /** Bytes this type takes in a row's fixed-width section; 0 for variable-width types. */
  public int fixedWidth() {
    return switch (kind) {
      case BOOLEAN -> 1;
      case INT, DATE -> 4;
      case BIGINT, DOUBLE, DECIMAL, TIMESTAMP -> 8;
      case VARCHAR, VARBINARY -> 0;
    };
  }

  /** Whether values live in a row's variable section (VARCHAR, VARBINARY). */
  public boolean isVariableWidth() {
    return kind == TypeKind.VARCHAR || kind == TypeKind.VARBINARY;
  }

  /** The Java class of values of this type (see the class comment). */
  public Class<?> javaType() {
    return switch (kind) {
      case BOOLEAN -> Boolean.class;
      case INT -> Integer.class;
      case BIGINT -> Long.class;
      case DOUBLE -> Double.class;
      case DECIMAL -> java.math.BigDecimal.class;
      case VARCHAR -> Text.class;
      case VARBINARY -> Binary.class;
      case DATE -> java.time.LocalDate.class;
      case TIMESTAMP -> java.time.LocalDateTime.class;
    };
  }

  /** SQL spelling, e.g. {@code VARCHAR(20)}, {@code DECIMAL(10, 2)}, {@code INT}. */
  @Override
  public String toString() {
    return switch (kind) {
      case VARCHAR, VARBINARY -> length == 0 ? kind.name() : kind + "(" + length + ")";
      case DECIMAL -> "DECIMAL(" + length + ", " + scale + ")";
      case INT -> length == 16 ? "SMALLINT" : "INT";
      default -> kind.name();
    };
  }
}
