package io.kitesql.shell;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;

/**
 * {@code .tables} and {@code .describe}: what the database holds, through {@link DatabaseMetaData}.
 */
final class CatalogCommands {
  private CatalogCommands() {}

  /** Prints the tables and views, one a line, a view marked as such. */
  static void tables(Connection connection, PrintWriter out) throws SQLException {
    var names = new ArrayList<String>();
    try (var rows = connection.getMetaData().getTables(null, null, "%", null)) {
      while (rows.next()) {
        String name = rows.getString("TABLE_NAME");
        names.add("VIEW".equals(rows.getString("TABLE_TYPE")) ? name + " (view)" : name);
      }
    }
    names.sort(null);
    names.forEach(out::println);
  }

  /**
   * Prints a table's or view's columns (type, nullability, default), its primary key and indexes.
   * An unquoted name folds to lower case as in SQL; {@code "Name"} is exact.
   */
  static void describe(Connection connection, String name, PrintWriter out)
      throws SQLException, ShellException {
    DatabaseMetaData meta = connection.getMetaData();
    String table =
        name.length() > 1 && name.startsWith("\"") && name.endsWith("\"")
            ? name.substring(1, name.length() - 1).replace("\"\"", "\"")
            : name.toLowerCase(Locale.ROOT);
    String pattern = table.replace("\\", "\\\\").replace("_", "\\_").replace("%", "\\%");
    var lines = new ArrayList<String[]>();
    lines.add(new String[] {"column", "type", "null", "default"});
    try (var rows = meta.getColumns(null, null, pattern, "%")) {
      while (rows.next()) {
        String defaultValue = rows.getString("COLUMN_DEF");
        String type = rows.getString("TYPE_NAME");
        if ("YES".equals(rows.getString("IS_AUTOINCREMENT"))) {
          type += " identity";
        }
        lines.add(
            new String[] {
              rows.getString("COLUMN_NAME"),
              type,
              "NO".equals(rows.getString("IS_NULLABLE")) ? "not null" : "",
              defaultValue == null ? "" : defaultValue
            });
      }
    }
    if (lines.size() == 1) {
      throw new ShellException("no table or view named " + table + " (.tables lists them)");
    }
    printAligned(lines, out);
    List<String> key = primaryKey(meta, table);
    if (!key.isEmpty()) {
      out.println("primary key (" + String.join(", ", key) + ")");
    }
    indexes(meta, table).forEach(out::println);
  }

  private static List<String> primaryKey(DatabaseMetaData meta, String table) throws SQLException {
    var columns = new TreeMap<Short, String>();
    try (var rows = meta.getPrimaryKeys(null, null, table)) {
      while (rows.next()) {
        columns.put(rows.getShort("KEY_SEQ"), rows.getString("COLUMN_NAME"));
      }
    }
    return List.copyOf(columns.values());
  }

  /**
   * Each index as "[unique ]index NAME (COLUMNS)", by name; the primary key's own index is left
   * out.
   */
  private static List<String> indexes(DatabaseMetaData meta, String table) throws SQLException {
    var columnsByIndex = new TreeMap<String, TreeMap<Short, String>>();
    var unique = new TreeMap<String, Boolean>();
    try (var rows = meta.getIndexInfo(null, null, table, false, false)) {
      while (rows.next()) {
        String index = rows.getString("INDEX_NAME");
        if (index == null || index.equals(table + "_pkey")) {
          continue;
        }
        columnsByIndex
            .computeIfAbsent(index, i -> new TreeMap<>())
            .put(rows.getShort("ORDINAL_POSITION"), rows.getString("COLUMN_NAME"));
        unique.put(index, !rows.getBoolean("NON_UNIQUE"));
      }
    }
    var lines = new ArrayList<String>();
    columnsByIndex.forEach(
        (index, columns) ->
            lines.add(
                (unique.get(index) ? "unique index " : "index ")
                    + index
                    + " ("
                    + String.join(", ", columns.values())
                    + ")"));
    return lines;
  }

  private static void printAligned(List<String[]> lines, PrintWriter out) {
    int[] widths = new int[lines.getFirst().length];
    for (String[] line : lines) {
      for (int c = 0; c < line.length; c++) {
        widths[c] = Math.max(widths[c], line[c].length());
      }
    }
    for (String[] line : lines) {
      var text = new StringBuilder();
      for (int c = 0; c < line.length; c++) {
        text.append(line[c]).append(" ".repeat(widths[c] - line[c].length() + 2));
      }
      out.println(text.toString().stripTrailing());
    }
  }
}
