package io.kitesql.expr;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.DataType;
import io.kitesql.value.TypeKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Type rules of expressions.
 *
 * <ul>
 *   <li>Numeric widening: INT &lt; BIGINT &lt; DECIMAL &lt; DOUBLE. An operation on two numeric
 *       types works in the wider one; an integer widened to DECIMAL counts as DECIMAL(10, 0) (INT)
 *       or DECIMAL(18, 0) (BIGINT).
 *   <li>INT op INT stays INT and BIGINT stays BIGINT, with overflow raising VALUE_OUT_OF_RANGE (as
 *       PostgreSQL and H2 do); integer division truncates toward zero.
 *   <li>DECIMAL results: {@code + -} scale max(s1, s2); {@code *} scale s1 + s2; {@code /} scale
 *       max(s1, s2, 6); {@code %} scale max(s1, s2); precision always capped at 18 and the scale at
 *       the precision. Values are exact {@code BigDecimal}s at run time (rounded HALF_UP to the
 *       scale); their range is checked only where they are stored ({@link Coercions#coerce}).
 *   <li>Comparable: any two numeric types; text with text; binary with binary; boolean with
 *       boolean; DATE and TIMESTAMP with each other. Text against a number is a TYPE_MISMATCH (no
 *       loose typing).
 * </ul>
 */
public final class Types {
  private Types() {}

  /** Whether the kind is INT, BIGINT, DECIMAL or DOUBLE. */
  public static boolean isNumeric(DataType t) {
    return switch (t.kind()) {
      case INT, BIGINT, DECIMAL, DOUBLE -> true;
      default -> false;
    };
  }

  /** Whether the kind is INT or BIGINT. */
  public static boolean isInteger(DataType t) {
    return t.kind() == TypeKind.INT || t.kind() == TypeKind.BIGINT;
  }

  private static int rank(TypeKind k) {
    return switch (k) {
      case INT -> 0;
      case BIGINT -> 1;
      case DECIMAL -> 2;
      case DOUBLE -> 3;
      default -> throw new IllegalArgumentException("not numeric: " + k);
    };
  }

  /** A numeric type as DECIMAL: integers get scale 0 and enough digits (capped at 18). */
  static DataType asDecimal(DataType t) {
    return switch (t.kind()) {
      case INT -> DataType.decimal(10, 0);
      case BIGINT -> DataType.decimal(DataType.MAX_DECIMAL_PRECISION, 0);
      case DECIMAL -> t;
      default -> throw new IllegalArgumentException("not exact: " + t);
    };
  }

  /** DECIMAL with {@code intDigits} before and {@code scale} after the point, capped at 18. */
  public static DataType decimal(int intDigits, int scale) {
    int s = Math.min(scale, DataType.MAX_DECIMAL_PRECISION);
    int p = Math.min(Math.max(intDigits + s, 1), DataType.MAX_DECIMAL_PRECISION);
    return DataType.decimal(p, Math.min(s, p));
  }

  /** The result type of {@code a op b}, or TYPE_MISMATCH naming the operator. */
  public static DataType arithmetic(ArithmeticOp op, DataType a, DataType b) {
    if (!isNumeric(a) || !isNumeric(b)) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH,
          "operator " + op.symbol() + " needs numbers, got " + a + " and " + b);
    }
    int r = Math.max(rank(a.kind()), rank(b.kind()));
    if (r != 2) {
      return switch (r) {
        case 0 -> DataType.INT;
        case 1 -> DataType.BIGINT;
        default -> DataType.DOUBLE;
      };
    }
    DataType x = asDecimal(a);
    DataType y = asDecimal(b);
    int ix = x.precision() - x.scale();
    int iy = y.precision() - y.scale();
    return switch (op) {
      case ADD, SUBTRACT -> decimal(Math.max(ix, iy) + 1, Math.max(x.scale(), y.scale()));
      case MULTIPLY -> decimal(ix + iy, x.scale() + y.scale());
      case DIVIDE -> decimal(ix + y.scale(), Math.max(6, Math.max(x.scale(), y.scale())));
      case MODULO -> decimal(Math.min(ix, iy), Math.max(x.scale(), y.scale()));
    };
  }

  /** Whether values of the two types may be compared (see the class comment). */
  public static boolean comparable(DataType a, DataType b) {
    if (isNumeric(a) && isNumeric(b)) {
      return true;
    }
    return family(a.kind()) == family(b.kind());
  }

  private static int family(TypeKind k) {
    return switch (k) {
      case BOOLEAN -> 1;
      case INT, BIGINT, DECIMAL, DOUBLE -> 2;
      case VARCHAR -> 3;
      case VARBINARY -> 4;
      case DATE, TIMESTAMP -> 5;
    };
  }

  /**
   * The type both {@code a} and {@code b} convert to (UNION, CASE, COALESCE): the wider numeric
   * type, the longer VARCHAR/VARBINARY (unbounded wins), TIMESTAMP for DATE with TIMESTAMP.
   *
   * @throws KiteSqlException TYPE_MISMATCH if there is none
   */
  public static DataType commonType(DataType a, DataType b) {
    if (a.equals(b)) {
      return a;
    }
    if (isNumeric(a) && isNumeric(b)) {
      int r = Math.max(rank(a.kind()), rank(b.kind()));
      if (r != 2) {
        return r == 0 ? DataType.INT : r == 1 ? DataType.BIGINT : DataType.DOUBLE;
      }
      DataType x = asDecimal(a);
      DataType y = asDecimal(b);
      return decimal(
          Math.max(x.precision() - x.scale(), y.precision() - y.scale()),
          Math.max(x.scale(), y.scale()));
    }
    if (a.kind() == b.kind()) {
      // VARCHAR or VARBINARY of different lengths: 0 (unbounded) wins, else the longer.
      int len = a.length() == 0 || b.length() == 0 ? 0 : Math.max(a.length(), b.length());
      return new DataType(a.kind(), len, 0);
    }
    if (family(a.kind()) == 5 && family(b.kind()) == 5) {
      return DataType.TIMESTAMP;
    }
    throw new KiteSqlException(ErrorCode.TYPE_MISMATCH, "no common type for " + a + " and " + b);
  }

  /** Whether {@code CAST(x AS to)} is allowed for an {@code x} of type {@code from}. */
  public static boolean castable(DataType from, DataType to) {
    TypeKind f = from.kind();
    TypeKind t = to.kind();
    // Every type converts to text (binary as PostgreSQL's hex form, \x4142).
    if (f == t || f == TypeKind.VARCHAR || t == TypeKind.VARCHAR) {
      return true;
    }
    if (isNumeric(from) && isNumeric(to)) {
      return true;
    }
    if ((f == TypeKind.BOOLEAN && isInteger(to)) || (isInteger(from) && t == TypeKind.BOOLEAN)) {
      return true;
    }
    return family(f) == 5 && family(t) == 5;
  }

  /**
   * A type from its SQL spelling, e.g. {@code DECIMAL (10, 2)} or {@code DOUBLE PRECISION}
   * (JSqlParser's {@code ColDataType.getDataType()}, which may include the arguments), with
   * optional separate {@code args}. CHAR(n) is VARCHAR(n) (no padding); DECIMAL without arguments
   * is DECIMAL(18, 0).
   *
   * @throws KiteSqlException UNSUPPORTED_FEATURE for other types or DECIMAL precision above 18
   */
  public static DataType parse(String spelling, List<String> args) {
    String s = spelling.trim();
    var all = new ArrayList<Integer>();
    int paren = s.indexOf('(');
    if (paren >= 0) {
      String inner = s.substring(paren + 1, s.lastIndexOf(')'));
      for (String part : inner.split(",")) {
        all.add(parseInt(part, spelling));
      }
      s = s.substring(0, paren).trim();
    }
    if (args != null) {
      for (String a : args) {
        all.add(parseInt(a, spelling));
      }
    }
    String name = s.toUpperCase(Locale.ROOT).replaceAll("\\s+", " ");
    int n0 = all.isEmpty() ? 0 : all.getFirst();
    DataType t =
        switch (name) {
          case "BOOLEAN", "BOOL" -> DataType.BOOLEAN;
          case "INT", "INTEGER", "INT4", "TINYINT", "MEDIUMINT" -> DataType.INT;
          case "SMALLINT", "INT2" -> DataType.SMALLINT;
          case "BIGINT", "INT8" -> DataType.BIGINT;
          case "DOUBLE", "DOUBLE PRECISION", "FLOAT", "FLOAT8", "FLOAT4", "REAL" -> DataType.DOUBLE;
          case "DECIMAL", "NUMERIC", "DEC" -> decimalType(all, spelling);
          case "VARCHAR",
              "CHARACTER VARYING",
              "CHAR VARYING",
              "TEXT",
              "CHAR",
              "CHARACTER",
              "STRING",
              "CLOB",
              "NVARCHAR",
              "NCHAR" ->
              DataType.varchar(n0);
          case "VARBINARY", "BINARY", "BINARY VARYING", "BLOB", "BYTEA" -> DataType.varbinary(n0);
          case "DATE" -> DataType.DATE;
          case "TIMESTAMP", "DATETIME", "TIMESTAMP WITHOUT TIME ZONE" -> DataType.TIMESTAMP;
          default ->
              throw new KiteSqlException(
                  ErrorCode.UNSUPPORTED_FEATURE, "unsupported data type " + spelling);
        };
    boolean takesArgs =
        t.isVariableWidth()
            || t.kind() == TypeKind.DECIMAL
            || t.kind() == TypeKind.TIMESTAMP
            || t.kind() == TypeKind.DOUBLE;
    if (!all.isEmpty() && !takesArgs || all.size() > 2) {
      throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "bad arguments in data type " + spelling);
    }
    return t;
  }

  private static DataType decimalType(List<Integer> args, String spelling) {
    int p = args.isEmpty() ? DataType.MAX_DECIMAL_PRECISION : args.get(0);
    int s = args.size() > 1 ? args.get(1) : 0;
    if (p < 1 || p > DataType.MAX_DECIMAL_PRECISION) {
      throw new KiteSqlException(
          ErrorCode.UNSUPPORTED_FEATURE,
          "DECIMAL precision must be 1.." + DataType.MAX_DECIMAL_PRECISION + ": " + spelling);
    }
    if (s < 0 || s > p) {
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR, "DECIMAL scale out of 0..precision: " + spelling);
    }
    return DataType.decimal(p, s);
  }

  private static int parseInt(String s, String spelling) {
    try {
      return Integer.parseInt(s.trim());
    } catch (NumberFormatException e) {
      throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "bad argument in data type " + spelling);
    }
  }
}
