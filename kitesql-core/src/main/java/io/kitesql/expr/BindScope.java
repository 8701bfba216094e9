package io.kitesql.expr;

import java.util.Objects;

/**
 * Resolves column references for the {@link ExpressionBinder}; implemented by the statement
 * binder over the tables (and aliases) in scope.
 */
public interface BindScope {
  /**
   * The expression a column reference denotes, usually an {@link Expr.Column}.
   *
   * @param qualifier the table name or alias before the dot, or null if none
   * @param column the column name
   * @throws io.kitesql.KiteSqlException UNKNOWN_COLUMN if nothing matches, AMBIGUOUS_COLUMN if
   *     several columns do
   */
  Expr resolveColumn(Name qualifier, Name column);

  /**
   * An SQL identifier with its quotes stripped. Unquoted identifiers match case-insensitively,
   * quoted ones ({@code "Name"}, also {@code `Name`} and {@code [Name]}) exactly.
   *
   * @param text the identifier without quotes
   * @param quoted whether it was written in quotes
   */
  record Name(String text, boolean quoted) {
    public Name {
      Objects.requireNonNull(text, "text");
    }

    /** Parses an identifier as JSqlParser gives it, quotes included. */
    public static Name of(String raw) {
      if (raw.length() >= 2) {
        char f = raw.charAt(0);
        char l = raw.charAt(raw.length() - 1);
        if ((f == '"' && l == '"') || (f == '`' && l == '`') || (f == '[' && l == ']')) {
          String inner = raw.substring(1, raw.length() - 1);
          return new Name(f == '"' ? inner.replace("\"\"", "\"") : inner, true);
        }
      }
      return new Name(raw, false);
    }

    /** Whether this identifier denotes the declared name {@code declared}. */
    public boolean matches(String declared) {
      return quoted ? text.equals(declared) : text.equalsIgnoreCase(declared);
    }

    @Override
    public String toString() {
      return quoted ? '"' + text.replace("\"", "\"\"") + '"' : text;
    }
  }
}
