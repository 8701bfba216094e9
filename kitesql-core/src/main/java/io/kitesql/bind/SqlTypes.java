package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.value.DataType;
import java.util.List;
import java.util.Locale;
import net.sf.jsqlparser.statement.create.table.ColDataType;

/**
 * SQL type names of column definitions to {@link DataType}s. CHAR(n) is stored like VARCHAR(n)
 * (no blank padding); FLOAT and REAL are DOUBLE; DECIMAL/NUMERIC go up to precision 18.
 */
final class SqlTypes {
  private SqlTypes() {}

  static DataType of(ColDataType type) {
    // JSqlParser 5.3 leaves the arguments in the name ("varchar (10)") and the list empty.
    var text = type.getDataType().toUpperCase(Locale.ROOT).replaceAll("\\s+", " ").strip();
    var args = type.getArgumentsStringList() == null ? List.<String>of() : type.getArgumentsStringList();
    int open = text.indexOf('(');
    if (open >= 0 && text.endsWith(")")) {
      args = List.of(text.substring(open + 1, text.length() - 1).split(","));
      text = text.substring(0, open).strip();
    }
    var name = text;
    if (type.getArrayData() != null && !type.getArrayData().isEmpty()) {
      throw unsupported(type);
    }
    return switch (name) {
      case "BOOLEAN", "BOOL" -> noArgs(DataType.BOOLEAN, type, args);
      case "INT", "INTEGER", "INT4", "SMALLINT", "TINYINT", "MEDIUMINT" -> noArgs(DataType.INT, type, args);
      case "BIGINT", "INT8" -> noArgs(DataType.BIGINT, type, args);
      case "DOUBLE", "DOUBLE PRECISION", "FLOAT", "FLOAT8", "REAL", "FLOAT4" -> DataType.DOUBLE;
      case "DECIMAL", "NUMERIC", "DEC" -> decimal(type, args);
      case "VARCHAR", "CHARACTER VARYING", "CHAR VARYING", "TEXT", "STRING", "CLOB", "CHAR", "CHARACTER", "NVARCHAR", "NCHAR" ->
          DataType.varchar(length(type, args));
      case "VARBINARY", "BINARY", "BLOB", "BYTEA", "BINARY VARYING" -> DataType.varbinary(length(type, args));
      case "DATE" -> noArgs(DataType.DATE, type, args);
      case "TIMESTAMP", "DATETIME", "TIMESTAMP WITHOUT TIME ZONE" -> DataType.TIMESTAMP;
      default -> throw unsupported(type);
    };
  }

  private static DataType noArgs(DataType t, ColDataType type, List<String> args) {
    if (!args.isEmpty() && !(t == DataType.INT || t == DataType.BIGINT)) {
      throw unsupported(type);
    }
    return t; // INT(11) display widths are accepted and ignored, as MySQL does
  }

  private static int length(ColDataType type, List<String> args) {
    if (args.isEmpty()) {
      return 0;
    }
    if (args.size() != 1) {
      throw unsupported(type);
    }
    var n = integer(args.getFirst(), type);
    if (n < 1) {
      throw new KiteSqlException(ErrorCode.VALUE_OUT_OF_RANGE, "length of " + type + " must be positive");
    }
    return n;
  }

  private static DataType decimal(ColDataType type, List<String> args) {
    int precision = args.isEmpty() ? DataType.MAX_DECIMAL_PRECISION : integer(args.get(0), type);
    int scale = args.size() < 2 ? 0 : integer(args.get(1), type);
    if (args.size() > 2) {
      throw unsupported(type);
    }
    if (precision < 1 || precision > DataType.MAX_DECIMAL_PRECISION) {
      throw new KiteSqlException(
          ErrorCode.UNSUPPORTED_FEATURE,
          type + ": DECIMAL precision must be between 1 and " + DataType.MAX_DECIMAL_PRECISION + " (use DOUBLE for larger values)");
    }
    if (scale < 0 || scale > precision) {
      throw new KiteSqlException(ErrorCode.VALUE_OUT_OF_RANGE, type + ": scale must be between 0 and the precision");
    }
    return DataType.decimal(precision, scale);
  }

  private static int integer(String text, ColDataType type) {
    try {
      return Integer.parseInt(text.strip());
    } catch (NumberFormatException e) {
      throw unsupported(type);
    }
  }

  private static KiteSqlException unsupported(ColDataType type) {
    return new KiteSqlException(ErrorCode.UNSUPPORTED_FEATURE, "column type " + type + " is not supported");
  }
}
