package io.kitesql.data.repository.query;

import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.MappedColumn;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.ExampleMatcher;
import org.springframework.data.domain.ExampleMatcher.StringMatcher;
import org.springframework.data.support.ExampleMatcherAccessor;

/**
 * The WHERE clause of a query by example: one predicate per property of the probe that is set (or,
 * with {@link ExampleMatcher.NullHandler#INCLUDE}, per unset property: {@code is null}), joined by
 * {@code and} for {@link ExampleMatcher#matchingAll()} and {@code or} for {@link
 * ExampleMatcher#matchingAny()}. Every value is a parameter; text matchers escape {@code %}, {@code
 * _} and {@code \} so the probe's text matches literally.
 *
 * <p>As in every Spring Data module, a primitive property always has a value (0, false) and so
 * always takes part unless the matcher ignores its path. Refused with {@link
 * InvalidDataAccessApiUsageException}: {@link StringMatcher#REGEX}, a path that names no column
 * property of the entity (an embedded value's properties are {@code address.city}; ignoring {@code
 * address} ignores them all), a probe of another type than the repository's entity, and a text
 * matcher other than exact on a property that is not text.
 *
 * @param where {@code " where ..."}, or empty when the probe constrains nothing
 * @param arguments the parameter values, in marker order, converted for the engine
 */
public record ExampleCriteria(String where, List<@Nullable Object> arguments) {

  /** The criteria of {@code example} over {@code mapping}'s table. */
  public static ExampleCriteria of(Example<?> example, EntityMapping<?> mapping) {
    return of(example, mapping, null);
  }

  /**
   * Which columns of a probe take part and how, for a matcher: what decides the WHERE clause (the
   * key of a matcher that is not plain; see {@code shapeKey}).
   *
   * @param valued bit i: column i has a value
   * @param text bit i: column i's value gets a text predicate
   */
  record Shape(ExampleMatcher matcher, long valued, long text) {}

  /** The most shapes {@link #of(Example, EntityMapping, Map)} remembers per repository. */
  private static final int MAX_SHAPES = 256;

  /**
   * {@link #of(Example, EntityMapping)}, taking the WHERE clause from {@code wheres} when a probe
   * of the same shape was seen (and putting it there when not): only the parameter values are made
   * per call.
   */
  static ExampleCriteria of(
      Example<?> example, EntityMapping<?> mapping, @Nullable Map<Object, String> wheres) {
    var probe = example.getProbe();
    if (probe.getClass() != mapping.type()) {
      throw new InvalidDataAccessApiUsageException(
          "query by example: the probe is a "
              + probe.getClass().getName()
              + ", but this repository's entity is "
              + mapping.type().getName());
    }
    var matcher = example.getMatcher();
    var columns = mapping.columns();
    var values = properties(mapping, probe); // then each column's value as the matcher reads it
    long valued = 0;
    long text = 0;
    for (int i = 0; i < columns.size(); i++) {
      var column = columns.get(i);
      var path = column.propertyName();
      var embeddedIn = column.embeddedIn();
      if (matcher.isIgnoredPath(path)
          || embeddedIn != null && matcher.isIgnoredPath(embeddedIn.getName())) {
        values[i] = null;
        continue;
      }
      var specifiers = matcher.getPropertySpecifiers();
      var transformer =
          specifiers.hasSpecifierForPath(path)
              ? specifiers.getRequiredForPath(path).getPropertyValueTransformer()
              : ExampleMatcher.NoOpPropertyValueTransformer.INSTANCE;
      Object value =
          transformer == ExampleMatcher.NoOpPropertyValueTransformer.INSTANCE
              ? values[i]
              : transformer.apply(Optional.ofNullable(values[i])).orElse(null);
      values[i] = value;
      if (value == null) {
        continue;
      }
      valued |= bit(i);
      if (value instanceof CharSequence && isText(column)) {
        text |= bit(i);
      }
    }
    var shape = shapeKey(matcher, columns.size(), valued, text);
    var where = wheres == null || shape == null ? null : wheres.get(shape);
    if (where == null) { // a matcher seen before was checked then
      var accessor = new ExampleMatcherAccessor(matcher);
      checkPaths(matcher, accessor, mapping);
      where = where(mapping, matcher, accessor, values);
      if (wheres != null && shape != null && wheres.size() < MAX_SHAPES) {
        wheres.put(shape, where);
      }
    }
    return new ExampleCriteria(where, arguments(mapping, matcher, values));
  }

  /** The parameter values of the columns that have {@code values}, in column order. */
  private static List<@Nullable Object> arguments(
      EntityMapping<?> mapping, ExampleMatcher matcher, @Nullable Object[] values) {
    int n = 0;
    for (var value : values) {
      n += value == null ? 0 : 1;
    }
    var columns = mapping.columns();
    var arguments = new @Nullable Object[n];
    n = 0;
    for (int i = 0; i < values.length; i++) {
      var value = values[i];
      if (value == null) {
        continue;
      }
      var column = columns.get(i);
      arguments[n++] =
          mapping
              .conversions()
              .write(
                  value instanceof CharSequence chars && isText(column)
                      ? textArgument(chars, stringMatcher(matcher, column.propertyName()))
                      : value);
    }
    return Arrays.asList(arguments);
  }

  /** The string matcher for {@code path}: its specifier's, else the matcher's default. */
  private static StringMatcher stringMatcher(ExampleMatcher matcher, String path) {
    var specifiers = matcher.getPropertySpecifiers();
    var own =
        specifiers.hasSpecifierForPath(path)
            ? specifiers.getRequiredForPath(path).getStringMatcher()
            : null;
    return own != null ? own : matcher.getDefaultStringMatcher();
  }

  /**
   * The key of a probe's shape: for a plain matcher (no ignored path, no property specifier) of an
   * entity of up to {@value #PLAIN_COLUMNS} columns, its settings and the column bits in one {@code
   * long} (hashing the matcher itself allocates); else a {@link Shape}; null beyond 63 columns.
   */
  private static @Nullable Object shapeKey(
      ExampleMatcher matcher, int columns, long valued, long text) {
    if (columns <= PLAIN_COLUMNS
        && matcher.getIgnoredPaths().isEmpty()
        && !matcher.getPropertySpecifiers().hasValues()) {
      long settings =
          matcher.getNullHandler().ordinal()
              | (long) matcher.getDefaultStringMatcher().ordinal() << 1
              | (matcher.isIgnoreCaseEnabled() ? 1L : 0) << 4
              | (matcher.isAllMatching() ? 1L : 0) << 5;
      return settings << (2 * PLAIN_COLUMNS) | text << PLAIN_COLUMNS | valued;
    }
    return columns < Long.SIZE ? new Shape(matcher, valued, text) : null;
  }

  private static final int PLAIN_COLUMNS = 24;

  private static long bit(int i) {
    return i < Long.SIZE ? 1L << i : 0;
  }

  /**
   * The WHERE clause of a probe whose columns have {@code values} (after the transformers; null for
   * none or ignored).
   */
  private static String where(
      EntityMapping<?> mapping,
      ExampleMatcher matcher,
      ExampleMatcherAccessor accessor,
      @Nullable Object[] values) {
    var predicates = new ArrayList<String>();
    var columns = mapping.columns();
    for (int i = 0; i < columns.size(); i++) {
      var column = columns.get(i);
      var path = column.propertyName();
      var embeddedIn = column.embeddedIn();
      if (accessor.isIgnoredPath(path)
          || embeddedIn != null && accessor.isIgnoredPath(embeddedIn.getName())) {
        continue;
      }
      if (values[i] == null) {
        if (accessor.getNullHandler() == ExampleMatcher.NullHandler.INCLUDE) {
          predicates.add(column.sql() + " is null");
        }
      } else if (values[i] instanceof CharSequence && isText(column)) {
        predicates.add(
            textPredicate(
                column,
                accessor.getStringMatcherForPath(path),
                accessor.isIgnoreCaseForPath(path)));
      } else {
        predicates.add(column.sql() + " = ?");
      }
    }
    return predicates.isEmpty()
        ? ""
        : " where " + String.join(matcher.isAllMatching() ? " and " : " or ", predicates);
  }

  @SuppressWarnings("unchecked")
  private static <T> @Nullable Object[] properties(EntityMapping<T> mapping, Object probe) {
    return mapping.properties((T) probe);
  }

  /**
   * Every path the matcher names must be one of the entity's own properties; REGEX is refused
   * wherever it is set.
   */
  private static void checkPaths(
      ExampleMatcher matcher, ExampleMatcherAccessor accessor, EntityMapping<?> mapping) {
    if (matcher.getDefaultStringMatcher() == StringMatcher.REGEX) {
      throw regexRefused("as the default string matcher");
    }
    for (var path : matcher.getIgnoredPaths()) {
      column(mapping, path, "ignored path");
    }
    for (var specifier : accessor.getPropertySpecifiers()) {
      var column = column(mapping, specifier.getPath(), "property matcher");
      var stringMatcher = specifier.getStringMatcher();
      if (stringMatcher == StringMatcher.REGEX) {
        throw regexRefused("on " + specifier.getPath());
      }
      boolean textMatcher =
          stringMatcher != null
                  && stringMatcher != StringMatcher.DEFAULT
                  && stringMatcher != StringMatcher.EXACT
              || Boolean.TRUE.equals(specifier.getIgnoreCase());
      if (textMatcher && !isText(column)) {
        throw new InvalidDataAccessApiUsageException(
            "query by example: the matcher for "
                + specifier.getPath()
                + " ("
                + stringMatcher
                + (Boolean.TRUE.equals(specifier.getIgnoreCase()) ? ", ignoring case" : "")
                + ") applies to text, and "
                + specifier.getPath()
                + " is a "
                + column.property().getType().getSimpleName());
      }
    }
  }

  private static MappedColumn column(EntityMapping<?> mapping, String path, String what) {
    var embedded =
        mapping.columns().stream()
            .filter(c -> c.embeddedIn() != null && c.embeddedIn().getName().equals(path))
            .findFirst();
    if (embedded.isPresent() && what.equals("ignored path")) {
      return embedded.get(); // ignoring an embedded value ignores each of its columns
    }
    return mapping
        .column(path)
        .orElseThrow(
            () ->
                new InvalidDataAccessApiUsageException(
                    "query by example: the "
                        + what
                        + " "
                        + path
                        + " names no property of "
                        + mapping.type().getName()
                        + " (properties: "
                        + mapping.columns().stream().map(MappedColumn::propertyName).toList()
                        + ")"));
  }

  private static InvalidDataAccessApiUsageException regexRefused(String where) {
    return new InvalidDataAccessApiUsageException(
        "query by example: StringMatcher.REGEX "
            + where
            + " is not supported: KiteSQL has no regular expression operator");
  }

  private static String textPredicate(
      MappedColumn column, StringMatcher matcher, boolean ignoreCase) {
    return switch (matcher) {
      case DEFAULT, EXACT ->
          ignoreCase ? "upper(" + column.sql() + ") = upper(?)" : column.sql() + " = ?";
      case STARTING, ENDING, CONTAINING ->
          column.sql() + (ignoreCase ? " ilike ?" : " like ?") + " escape '\\'";
      case REGEX -> throw regexRefused("on " + column.propertyName());
    };
  }

  /**
   * The parameter of a text predicate: the text itself (as the probe holds it), or a LIKE pattern
   * in which it matches literally.
   */
  private static CharSequence textArgument(CharSequence text, StringMatcher matcher) {
    return switch (matcher) {
      case DEFAULT, EXACT -> text;
      case STARTING -> escapeLike(text) + "%";
      case ENDING -> "%" + escapeLike(text);
      case CONTAINING -> "%" + escapeLike(text) + "%";
      case REGEX -> throw regexRefused("on a text property");
    };
  }

  private static String escapeLike(CharSequence text) {
    return text.toString().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
  }

  private static boolean isText(MappedColumn column) {
    return CharSequence.class.isAssignableFrom(column.property().getType());
  }
}
