package io.kitesql.data.repository.query;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.data.repository.query.Parameters;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.parser.PartTree;

/**
 * Start-up checks that every part of a query method's declaration is used: a {@code Sort}, {@code
 * Pageable}, {@code Limit}, {@code ScrollPosition} or projection parameter, or a First/Top in the
 * name, that a method's kind of query would not apply is refused, naming it, instead of being
 * ignored at every call. (Spring Data Commons refuses some combinations itself: Pageable with Sort
 * or Limit, Pageable with a single result or an array, ScrollPosition without Window.)
 */
final class QueryMethodChecks {
  /**
   * The subject of a count, exists or delete name (between the verb and By), as Spring Data's
   * parser finds it.
   */
  private static final Pattern SUBJECT =
      Pattern.compile("^(?:count|exists|delete|remove)(\\p{Lu}.*?)??By");

  private QueryMethodChecks() {}

  /** Checks a derived query; {@code entity} is the repository's domain type. */
  static void derived(PartTree tree, QueryMethod method, Class<?> entity) {
    var name = method.getName();
    var parameters = method.getParameters();
    if (tree.isCountProjection() || tree.isExistsProjection() || tree.isDelete()) {
      var kind =
          tree.isCountProjection() ? "count" : tree.isExistsProjection() ? "exists" : "delete";
      var special = specialParameters(parameters);
      if (!special.isEmpty()) {
        throw new IllegalArgumentException(
            name
                + ": a "
                + kind
                + " query does not apply "
                + String.join(", ", special)
                + " parameters; remove them");
      }
      if (limitsInSubject(name)) {
        throw new IllegalArgumentException(
            name
                + ": First/Top limits find queries only; a "
                + kind
                + " query would apply to every matching row, so remove it from the name");
      }
      if (tree.isDelete()) {
        deletedType(method, entity);
      }
      return;
    }
    if (method.isScrollQuery() && parameters.hasPageableParameter()) {
      throw new IllegalArgumentException(
          name
              + ": a Window query scrolls from its ScrollPosition; a Pageable parameter is not supported"
              + " (give the size with First/Top N or a Limit, the order with OrderBy or a Sort)");
    }
  }

  /**
   * Checks an {@code @Query} method: its SQL is run as written, so nothing may ask to reshape it.
   */
  static void declared(QueryMethod method) {
    var special = specialParameters(method.getParameters());
    special.remove(
        "dynamic projection"); // it picks how rows are read, which a declared query honours
    if (!special.isEmpty()) {
      throw new IllegalArgumentException(
          method.getName()
              + ": "
              + String.join(", ", special)
              + " parameters are not supported with @Query; write ORDER BY, LIMIT and OFFSET into the SQL");
    }
  }

  /**
   * Whether the subject has a First/Top word, which the parser skips for counts, exists and
   * deletes.
   */
  private static boolean limitsInSubject(String name) {
    var subject = SUBJECT.matcher(name);
    if (!subject.find() || subject.group(1) == null) {
      return false;
    }
    return Arrays.stream(subject.group(1).split("(?=\\p{Lu})"))
        .anyMatch(word -> word.matches("(First|Top)\\d*"));
  }

  /** The special (not bound) parameters a method declares, by name. */
  private static List<String> specialParameters(Parameters<?, ?> parameters) {
    var special = new ArrayList<String>();
    if (parameters.hasSortParameter()) {
      special.add("Sort");
    }
    if (parameters.hasPageableParameter()) {
      special.add("Pageable");
    }
    if (parameters.hasLimitParameter()) {
      special.add("Limit");
    }
    if (parameters.hasScrollPositionParameter()) {
      special.add("ScrollPosition");
    }
    if (parameters.hasDynamicProjection()) {
      special.add("dynamic projection");
    }
    return special;
  }

  /** A delete returns nothing, the number of rows, or the deleted entities: never a projection. */
  private static void deletedType(QueryMethod method, Class<?> entity) {
    var type = method.getReturnedObjectType();
    boolean count =
        type == void.class
            || type == Void.class
            || type == int.class
            || type == Integer.class
            || type == long.class
            || type == Long.class;
    if (!count && !type.isAssignableFrom(entity)) {
      throw new IllegalArgumentException(
          method.getName()
              + ": a delete query returns the number of rows deleted or the deleted "
              + entity.getSimpleName()
              + " entities, not "
              + type.getName());
    }
  }
}
