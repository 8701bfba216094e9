package io.kitesql.bind;

import io.kitesql.expr.Expr;
import java.util.Objects;

/**
 * Resolves column references for the {@link ExpressionBinder}; implemented by the statement binder
 * over the tables (and aliases) in scope.
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
   * An SQL identifier with its quotes stripped. Unquoted identifiers fold to lower case, quoted
   * ones ({@code "Name"}, also {@code `Name`} and {@code [Name]}) are exact; declared names are
   * stored folded, so a reference matches a name when its folded form equals it.
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
      raw = io.kitesql.sql.QuotedDots.restore(raw);
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

    /**
     * The name this identifier denotes: lower-cased unless quoted, or always when {@code
     * foldQuoted} (a database whose catalog predates exact quoted names).
     */
    public String folded(boolean foldQuoted) {
      return quoted && !foldQuoted ? text : text.toLowerCase(java.util.Locale.ROOT);
    }

    /** Whether this identifier denotes the declared (folded) name {@code declared}. */
    public boolean matches(String declared) {
      return folded(false).equals(declared);
    }

    /** {@link #matches(String)}, folding quoted names too when {@code foldQuoted}. */
    public boolean matches(String declared, boolean foldQuoted) {
      return folded(foldQuoted).equals(declared);
    }

    @Override
    public String toString() {
      return quoted ? '"' + text.replace("\"", "\"\"") + '"' : text;
    }
  }
}
