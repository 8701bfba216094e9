package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.Identity;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A column's constraints, read from JSqlParser's list of words after the type ({@code
 * ColumnDefinition.getColumnSpecs()}): PRIMARY KEY, NOT NULL, NULL, UNIQUE, DEFAULT and {@code
 * GENERATED {ALWAYS | BY DEFAULT} AS IDENTITY [('start', 'increment')]} (the SQL parser rewrote the
 * standard {@code (START WITH n INCREMENT BY m)} to that form).
 */
record ColumnSpec(
    boolean primaryKey,
    boolean notNull,
    boolean unique,
    Optional<String> defaultSql,
    Optional<Identity> identity) {

  static ColumnSpec parse(String column, List<String> specWords) {
    var words = new Words(column, specWords == null ? List.of() : specWords);
    boolean pk = false;
    boolean notNull = false;
    boolean unique = false;
    Optional<String> defaultSql = Optional.empty();
    Optional<Identity> identity = Optional.empty();
    while (words.hasNext()) {
      var word = words.next();
      switch (word.toUpperCase(Locale.ROOT)) {
        case "PRIMARY" -> {
          words.expect("KEY");
          pk = true;
        }
        case "NOT" -> {
          words.expect("NULL");
          notNull = true;
        }
        case "NULL" -> {} // explicitly nullable
        case "UNIQUE" -> unique = true;
        case "DEFAULT" -> defaultSql = Optional.of(defaultValue(words));
        case "GENERATED" -> identity = Optional.of(identity(words));
        default -> throw Unsupported.feature("column constraint " + word + " on column " + column);
      }
    }
    return new ColumnSpec(pk, notNull, unique, defaultSql, identity);
  }

  private static String defaultValue(Words words) {
    if (!words.hasNext()) {
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR, "DEFAULT without a value for column " + words.column);
    }
    var value = new StringBuilder(words.next());
    while ((value.toString().equals("-") || value.toString().equals("+")) && words.hasNext()) {
      value.append(words.next());
    }
    return value.toString();
  }

  /**
   * After GENERATED: {@code ALWAYS | BY DEFAULT}, {@code AS IDENTITY}, optional {@code ('start',
   * 'increment')} (as the SQL parser rewrote the standard options; the quotes are optional, an
   * option not given is empty and gets its default here).
   */
  private static Identity identity(Words words) {
    Identity.Generation generation;
    if (words.accept("ALWAYS")) {
      generation = Identity.Generation.ALWAYS;
    } else {
      words.expect("BY");
      words.expect("DEFAULT");
      generation = Identity.Generation.BY_DEFAULT;
    }
    words.expect("AS");
    if (!words.accept("IDENTITY")) {
      throw Unsupported.feature("generated column (GENERATED ... AS expression) " + words.column);
    }
    long start = 1;
    long increment = 1;
    if (words.hasNext() && words.peek().startsWith("(")) {
      var options = words.next();
      var numbers = options.substring(1, options.length() - 1).replace("'", "").split(",");
      try {
        increment =
            numbers.length > 1 && !numbers[1].isBlank() ? Long.parseLong(numbers[1].trim()) : 1;
        start =
            numbers[0].isBlank()
                ? Identity.defaultStart(increment)
                : Long.parseLong(numbers[0].trim());
      } catch (NumberFormatException e) {
        throw new KiteSqlException(
            ErrorCode.SYNTAX_ERROR,
            "bad identity options " + options + " of column " + words.column,
            e);
      }
      if (numbers.length > 2) {
        throw new KiteSqlException(
            ErrorCode.SYNTAX_ERROR,
            "bad identity options " + options + " of column " + words.column);
      }
    }
    return new Identity(generation, start, increment);
  }

  /** The words with a read position. */
  private static final class Words {
    private final String column;
    private final List<String> words;
    private int next;

    Words(String column, List<String> words) {
      this.column = column;
      this.words = split(words);
    }

    /**
     * JSqlParser 5.4 hands some specs over as one element ({@code "GENERATED ALWAYS AS IDENTITY"}),
     * 5.3 word by word: split elements at spaces, except quoted literals ({@code DEFAULT 'a b'}).
     */
    private static List<String> split(List<String> specs) {
      var words = new java.util.ArrayList<String>();
      for (var spec : specs) {
        if (spec.startsWith("'") || spec.startsWith("\"") || spec.indexOf(' ') < 0) {
          words.add(spec);
        } else {
          for (var word : spec.trim().split("\\s+")) {
            words.add(word);
          }
        }
      }
      return words;
    }

    boolean hasNext() {
      return next < words.size();
    }

    String peek() {
      return words.get(next);
    }

    String next() {
      return words.get(next++);
    }

    boolean accept(String word) {
      if (hasNext() && peek().equalsIgnoreCase(word)) {
        next++;
        return true;
      }
      return false;
    }

    void expect(String word) {
      if (!accept(word)) {
        throw new KiteSqlException(
            ErrorCode.SYNTAX_ERROR, "expected " + word + " in the definition of column " + column);
      }
    }
  }
}
