package io.kitesql.fuzz;

import java.util.ArrayList;
import java.util.List;

/**
 * A rough SQL tokenizer for the mutator: quoted strings and identifiers, numbers, words and single
 * punctuation characters. It needs no more precision than "a mutation changes one unit of meaning";
 * comments and exotic syntax simply become odd tokens, which is fine for fuzzing.
 */
final class SqlTokens {
  private SqlTokens() {}

  static List<String> split(String sql) {
    var tokens = new ArrayList<String>();
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
        continue;
      }
      int start = i;
      if (c == '\'' || c == '"') {
        i++;
        while (i < n) {
          if (sql.charAt(i) == c) {
            // a doubled quote continues the string
            if (i + 1 < n && sql.charAt(i + 1) == c) {
              i += 2;
              continue;
            }
            i++;
            break;
          }
          i++;
        }
      } else if (Character.isLetterOrDigit(c) || c == '_' || c == '.') {
        while (i < n
            && (Character.isLetterOrDigit(sql.charAt(i))
                || sql.charAt(i) == '_'
                || sql.charAt(i) == '.')) {
          i++;
        }
      } else {
        i++;
      }
      tokens.add(sql.substring(start, i));
    }
    return tokens;
  }

  /** Numbers, quoted strings and NULL/TRUE/FALSE. */
  static boolean isLiteral(String token) {
    if (token.isEmpty()) {
      return false;
    }
    char c = token.charAt(0);
    return c == '\''
        || Character.isDigit(c)
        || token.equalsIgnoreCase("null")
        || token.equalsIgnoreCase("true")
        || token.equalsIgnoreCase("false");
  }
}
