package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.Catalog;
import io.kitesql.catalog.NameFolding;
import io.kitesql.catalog.TableDef;
import io.kitesql.sql.QuotedDots;
import io.kitesql.sql.ReservedWords;
import net.sf.jsqlparser.schema.Table;

/**
 * Identifiers as the SQL standard and PostgreSQL have them: an unquoted name folds to lower case, a
 * quoted one ({@code "Orders"}, also {@code `Orders`} and {@code [Orders]}) is taken exactly, a
 * doubled quote inside it is one quote ({@code "a""b"} is {@code a"b}), and a dot inside it is part
 * of the name. Names are then compared exactly. A database written before quoted names were exact
 * folds every name ({@link NameFolding#ALL}). Unquoted reserved words and single-quoted strings are
 * not names.
 */
public final class Names {
  private Names() {}

  /**
   * An identifier as SQL text or JSqlParser gives it (quotes included), folded by the database's
   * rules: the name as the catalog stores it.
   *
   * @throws KiteSqlException SYNTAX_ERROR for a single-quoted string or an unquoted reserved word
   */
  public static String canonical(String raw, NameFolding folding) {
    var text = QuotedDots.restore(raw);
    if (text.length() >= 2) {
      char first = text.charAt(0);
      char last = text.charAt(text.length() - 1);
      if (first == '"' && last == '"') {
        return folding.fold(text.substring(1, text.length() - 1).replace("\"\"", "\""), true);
      }
      if ((first == '`' && last == '`') || (first == '[' && last == ']')) {
        return folding.fold(text.substring(1, text.length() - 1), true);
      }
      if (first == '\'') {
        throw new KiteSqlException(
            ErrorCode.SYNTAX_ERROR,
            "SQL syntax error: "
                + text
                + " is a string literal, not a name (quote names with double quotes: \""
                + text.substring(1, text.length() - 1)
                + "\")");
      }
    }
    if (ReservedWords.isReserved(text)) {
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR,
          "SQL syntax error near '" + text + "': " + ReservedWords.misplaced(text));
    }
    return folding.fold(text, false);
  }

  static String tableName(Table t, NameFolding folding) {
    if (t == null || t.getName() == null) {
      // JSqlParser accepts "DELETE FROM WHERE ..." and leaves the table out
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR, "SQL syntax error: a table name is missing");
    }
    if (t.getSchemaName() != null
        || t.getDatabase() != null && t.getDatabase().getDatabaseName() != null) {
      throw Unsupported.feature(
          "schema-qualified table names (" + QuotedDots.restore(t.getFullyQualifiedName()) + ")");
    }
    return canonical(t.getName(), folding);
  }

  static TableDef table(Catalog catalog, Table t) {
    var name = tableName(t, catalog.nameFolding());
    return catalog
        .table(name)
        .orElseThrow(
            () ->
                new KiteSqlException(
                    ErrorCode.UNKNOWN_TABLE, "table " + display(name) + " does not exist"));
  }

  /** A stored name as a message shows it: quoted when it would not read back as itself unquoted. */
  static String display(String name) {
    boolean plain =
        !name.isEmpty()
            && name.chars().allMatch(c -> c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_')
            && !Character.isDigit(name.charAt(0))
            && !ReservedWords.isReserved(name);
    return plain ? name : '"' + name.replace("\"", "\"\"") + '"';
  }
}
