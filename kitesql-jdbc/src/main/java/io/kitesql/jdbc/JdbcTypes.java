package io.kitesql.jdbc;

import io.kitesql.value.DataType;
import java.sql.Types;

/** KiteSQL's column types in JDBC's terms: {@link Types} codes, names, Java classes, sizes. */
final class JdbcTypes {
  private JdbcTypes() {}

  static int sqlType(DataType type) {
    return switch (type.kind()) {
      case BOOLEAN -> Types.BOOLEAN;
      case INT -> type.length() == 16 ? Types.SMALLINT : Types.INTEGER;
      case BIGINT -> Types.BIGINT;
      case DOUBLE -> Types.DOUBLE;
      case DECIMAL -> Types.DECIMAL;
      case VARCHAR -> Types.VARCHAR;
      case VARBINARY -> Types.VARBINARY;
      case DATE -> Types.DATE;
      case TIMESTAMP -> Types.TIMESTAMP;
    };
  }

  /** The type's name without parameters, as {@code CREATE TABLE} spells it. */
  static String name(DataType type) {
    return type.kind() == io.kitesql.value.TypeKind.INT && type.length() == 16
        ? "SMALLINT"
        : type.kind().name();
  }

  /** The class {@code getObject(i)} returns for the type. */
  static String className(DataType type) {
    return switch (type.kind()) {
      case BOOLEAN -> Boolean.class.getName();
      case INT -> Integer.class.getName();
      case BIGINT -> Long.class.getName();
      case DOUBLE -> Double.class.getName();
      case DECIMAL -> java.math.BigDecimal.class.getName();
      case VARCHAR -> String.class.getName();
      case VARBINARY -> byte[].class.getName();
      case DATE -> java.sql.Date.class.getName();
      case TIMESTAMP -> java.sql.Timestamp.class.getName();
    };
  }

  /**
   * Digits of a number, characters of text (0 if unbounded), bytes of binary (0 if unbounded),
   * characters of a date or timestamp.
   */
  static int precision(DataType type) {
    return switch (type.kind()) {
      case BOOLEAN -> 1;
      case INT -> type.length() == 16 ? 5 : 10;
      case BIGINT -> 19;
      case DOUBLE -> 17;
      case DECIMAL -> type.precision();
      case VARCHAR, VARBINARY -> type.length();
      case DATE -> 10;
      case TIMESTAMP -> 26;
    };
  }

  static int scale(DataType type) {
    return type.kind() == io.kitesql.value.TypeKind.TIMESTAMP ? 6 : type.scale();
  }

  static boolean isSigned(DataType type) {
    return switch (type.kind()) {
      case INT, BIGINT, DOUBLE, DECIMAL -> true;
      default -> false;
    };
  }

  /** Characters needed to show a value: unbounded text and binary say {@link Integer#MAX_VALUE}. */
  static int displaySize(DataType type) {
    return switch (type.kind()) {
      case VARCHAR -> type.length() == 0 ? Integer.MAX_VALUE : type.length();
      case VARBINARY -> type.length() == 0 ? Integer.MAX_VALUE : 2 * type.length();
      case INT, BIGINT -> precision(type) + 1;
      case DOUBLE -> 25;
      case DECIMAL -> type.precision() + 2;
      default -> precision(type);
    };
  }
}
