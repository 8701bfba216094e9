package io.kitesql.data.repository.query;

import io.kitesql.data.mapping.AggregateReferences;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import io.kitesql.data.mapping.MappedColumn;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.data.core.PropertyPath;
import org.springframework.util.StringUtils;

/**
 * The parts of a derived query's name that go through an {@code AggregateReference}: {@code
 * findByAuthorName} of an entity with {@code AggregateReference<Author, Long> author}. Spring
 * Data's name parser cannot follow a reference, so each such part is handed to it as the reference
 * property alone ({@code findByAuthor}, keyword and IgnoreCase kept) and remembered here with the
 * referenced entity's column, which the WHERE clause reaches with a subquery on the referenced
 * table ({@code "author" in (select "id" from "authors" where "name" = ?)}), as an inner join
 * would.
 */
final class ReferencePaths {
  /**
   * A part through a reference.
   *
   * @param reference the referencing entity's column (holding the referenced id)
   * @param target the referenced entity's mapping
   * @param column the referenced entity's column the part compares
   */
  record Via(MappedColumn reference, EntityMapping<?> target, MappedColumn column) {}

  private static final Pattern PREFIX =
      Pattern.compile(
          "^(find|read|get|query|search|stream|count|exists|delete|remove)(\\p{Lu}.*?)??By");
  private static final Pattern ORDER_BY = Pattern.compile("OrderBy(?=\\p{Lu})");
  private static final Pattern ALL_IGNORE_CASE = Pattern.compile("AllIgnor(?:e|ing)Case$");
  private static final String OR = "Or(?=\\p{Lu})";
  private static final String AND = "And(?=\\p{Lu})";

  private final String parsedName;
  private final List<@Nullable Via> parts;

  private ReferencePaths(String parsedName, List<@Nullable Via> parts) {
    this.parsedName = parsedName;
    this.parts = parts;
  }

  /**
   * The references among {@code methodName}'s parts; none when the entity has no {@code
   * AggregateReference}.
   */
  static ReferencePaths of(
      String methodName, EntityMapping<?> mapping, KiteSqlMappingContext context) {
    var references =
        mapping.columns().stream()
            .filter(c -> c.embeddedIn() == null && AggregateReferences.isReference(c.property()))
            .toList();
    var prefix = PREFIX.matcher(methodName);
    if (references.isEmpty() || !prefix.find()) {
      return new ReferencePaths(methodName, List.of());
    }
    var predicate = methodName.substring(prefix.end());
    var tail = "";
    var orderBy = ORDER_BY.matcher(predicate);
    if (orderBy.find()) {
      tail = predicate.substring(orderBy.start());
      predicate = predicate.substring(0, orderBy.start());
    }
    var allIgnoreCase = ALL_IGNORE_CASE.matcher(predicate);
    if (allIgnoreCase.find()) {
      tail = predicate.substring(allIgnoreCase.start()) + tail;
      predicate = predicate.substring(0, allIgnoreCase.start());
    }
    var parts = new ArrayList<@Nullable Via>();
    var rewritten = new ArrayList<String>();
    for (var or : predicate.split(OR)) {
      var conjuncts = new ArrayList<String>();
      for (var part : or.split(AND)) {
        var resolved = resolve(part, references, mapping, context);
        parts.add(resolved.via());
        conjuncts.add(resolved.part());
      }
      rewritten.add(String.join("And", conjuncts));
    }
    return new ReferencePaths(
        methodName.substring(0, prefix.end()) + String.join("Or", rewritten) + tail, parts);
  }

  private record Resolved(String part, @Nullable Via via) {}

  /** {@code part} as the parser should see it, and its reference if it goes through one. */
  private static Resolved resolve(
      String part,
      List<MappedColumn> references,
      EntityMapping<?> mapping,
      KiteSqlMappingContext context) {
    for (var reference : references) {
      var name = StringUtils.capitalize(reference.property().getName());
      var target = AggregateReferences.targetType(reference.property());
      if (!part.startsWith(name)
          || part.length() == name.length()
          || !Character.isUpperCase(part.charAt(name.length()))
          || target.isEmpty()) {
        continue;
      }
      var remainder = part.substring(name.length());
      var targetMapping = new EntityMapping<>(context, target.get(), mapping.conversions());
      // the longest leading words of the remainder that name a column of the target; the rest is
      // the keyword
      for (int end = remainder.length(); end > 0; end--) {
        if (end < remainder.length() && !Character.isUpperCase(remainder.charAt(end))) {
          continue;
        }
        var column = column(targetMapping, remainder.substring(0, end));
        if (column.isPresent()) {
          return new Resolved(
              name + remainder.substring(end), new Via(reference, targetMapping, column.get()));
        }
      }
    }
    return new Resolved(part, null);
  }

  private static Optional<MappedColumn> column(EntityMapping<?> target, String words) {
    try {
      return target.column(
          PropertyPath.from(StringUtils.uncapitalize(words), target.type()).toDotPath());
    } catch (RuntimeException notAProperty) {
      return Optional.empty();
    }
  }

  /**
   * The method name with each part through a reference shortened to the reference property, for
   * Spring Data's parser.
   */
  String parsedName() {
    return parsedName;
  }

  /**
   * The reference of the {@code index}th part (in the order the parsed tree lists them), if it goes
   * through one.
   */
  Optional<Via> via(int index) {
    return index < parts.size() ? Optional.ofNullable(parts.get(index)) : Optional.empty();
  }
}
