package io.kitesql.shell;

import java.io.PrintWriter;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** Prints a result set: as an aligned table ({@code .mode table}) or as CSV ({@code .mode csv}). */
sealed interface ResultPrinter {

  /** Prints every row of {@code rows} and returns how many there were. */
  long print(ResultSet rows, PrintWriter out) throws SQLException;

  static ResultPrinter of(ShellArguments.OutputMode mode) {
    return switch (mode) {
      case TABLE -> new Table();
      case CSV -> new Csv();
    };
  }

  /**
   * Columns padded to their widest value, numbers to the right, {@code NULL} for null, then the row
   * count. Line breaks and tabs in values are shown as {@code \n}, {@code \r}, {@code \t} so that a
   * row stays on one line. The rows are held until the widths are known.
   */
  record Table() implements ResultPrinter {
    @Override
    public long print(ResultSet rows, PrintWriter out) throws SQLException {
      ResultSetMetaData meta = rows.getMetaData();
      int columns = meta.getColumnCount();
      var header = new String[columns];
      var rightAligned = new boolean[columns];
      var widths = new int[columns];
      for (int c = 0; c < columns; c++) {
        header[c] = meta.getColumnLabel(c + 1);
        rightAligned[c] = isNumeric(meta.getColumnType(c + 1));
        widths[c] = header[c].length();
      }
      List<String[]> lines = new ArrayList<>();
      while (rows.next()) {
        var line = new String[columns];
        for (int c = 0; c < columns; c++) {
          line[c] = shown(rows.getString(c + 1));
          widths[c] = Math.max(widths[c], line[c].length());
        }
        lines.add(line);
      }
      printLine(out, header, widths, new boolean[columns]);
      var rule = new StringBuilder();
      for (int c = 0; c < columns; c++) {
        rule.append(c == 0 ? "" : "-+-").append("-".repeat(widths[c]));
      }
      out.println(rule);
      for (String[] line : lines) {
        printLine(out, line, widths, rightAligned);
      }
      out.println("(" + lines.size() + (lines.size() == 1 ? " row)" : " rows)"));
      return lines.size();
    }

    private static void printLine(
        PrintWriter out, String[] values, int[] widths, boolean[] rightAligned) {
      var line = new StringBuilder();
      for (int c = 0; c < values.length; c++) {
        String padding = " ".repeat(widths[c] - values[c].length());
        line.append(c == 0 ? "" : " | ");
        line.append(rightAligned[c] ? padding + values[c] : values[c] + padding);
      }
      out.println(line.toString().stripTrailing());
    }

    private static String shown(@Nullable String value) {
      if (value == null) {
        return "NULL";
      }
      return value
          .replace("\\", "\\\\")
          .replace("\n", "\\n")
          .replace("\r", "\\r")
          .replace("\t", "\\t");
    }

    private static boolean isNumeric(int sqlType) {
      return switch (sqlType) {
        case Types.TINYINT,
            Types.SMALLINT,
            Types.INTEGER,
            Types.BIGINT,
            Types.REAL,
            Types.FLOAT,
            Types.DOUBLE,
            Types.DECIMAL,
            Types.NUMERIC ->
            true;
        default -> false;
      };
    }
  }

  /**
   * RFC 4180: a header line, then one line per row; a field with a comma, a quote or a line break
   * is quoted (quotes doubled); NULL is an empty field, an empty string a quoted empty field.
   */
  record Csv() implements ResultPrinter {
    @Override
    public long print(ResultSet rows, PrintWriter out) throws SQLException {
      ResultSetMetaData meta = rows.getMetaData();
      int columns = meta.getColumnCount();
      var line = new StringBuilder();
      for (int c = 1; c <= columns; c++) {
        line.append(c == 1 ? "" : ",").append(field(meta.getColumnLabel(c)));
      }
      out.println(line);
      long count = 0;
      while (rows.next()) {
        line.setLength(0);
        for (int c = 1; c <= columns; c++) {
          String value = rows.getString(c);
          line.append(c == 1 ? "" : ",").append(value == null ? "" : field(value));
        }
        out.println(line);
        count++;
      }
      return count;
    }

    private static String field(String value) {
      boolean quote =
          value.isEmpty()
              || value.chars().anyMatch(ch -> ch == ',' || ch == '"' || ch == '\n' || ch == '\r');
      return quote ? '"' + value.replace("\"", "\"\"") + '"' : value;
    }
  }
}
