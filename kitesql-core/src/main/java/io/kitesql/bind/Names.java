package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.Catalog;
import io.kitesql.catalog.TableDef;
import net.sf.jsqlparser.schema.Table;

/**
 * Identifiers. Quoted names lose their quotes; catalog names match case-insensitively whether
 * quoted or not (so {@code "Orders"} and {@code orders} are one table).
 */
final class Names {
  private Names() {}

  static String unquote(String name) {
    if (name != null && name.length() >= 2) {
      char first = name.charAt(0);
      char last = name.charAt(name.length() - 1);
      if ((first == '"' && last == '"') || (first == '`' && last == '`') || (first == '[' && last == ']')) {
        return name.substring(1, name.length() - 1);
      }
    }
    return name;
  }

  static String tableName(Table t) {
    if (t == null || t.getName() == null) {
      // JSqlParser accepts "DELETE FROM WHERE ..." and leaves the table out
      throw new KiteSqlException(ErrorCode.SYNTAX_ERROR, "SQL syntax error: a table name is missing");
    }
    if (t.getSchemaName() != null || t.getDatabase() != null && t.getDatabase().getDatabaseName() != null) {
      throw Unsupported.feature("schema-qualified table names (" + t.getFullyQualifiedName() + ")");
    }
    return unquote(t.getName());
  }

  static TableDef table(Catalog catalog, Table t) {
    var name = tableName(t);
    return catalog.table(name)
        .orElseThrow(() -> new KiteSqlException(ErrorCode.UNKNOWN_TABLE, "table " + name + " does not exist"));
  }
}
