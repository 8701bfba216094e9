package io.kitesql.data.repository.query;

import io.kitesql.data.core.RowMapper;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.data.repository.query.Parameter;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.parser.Part;

/**
 * What a query method runs, worked out once when the application is built ahead of time (Spring
 * AOT), so that generated repository code can run it without deriving it at start-up: the same
 * checks and the same SQL as the query objects the repository factory makes at run time.
 *
 * <p>Only methods whose statement text is fixed are described: a derived query with an In/NotIn
 * part, a {@code Sort}, {@code Pageable}, {@code Limit} or {@code ScrollPosition} parameter, a
 * dynamic projection, or a Page, Slice, Window or Stream result is not ({@link #of} is empty), and
 * stays with the run-time query.
 */
public sealed interface AheadOfTimeQuery {
  /** The SQL the method runs. */
  String sql();

  /** What a derived query does with the rows its WHERE clause selects. */
  enum Kind {
    SELECT,
    COUNT,
    EXISTS,
    DELETE
  }

  /**
   * A query derived from the method's name.
   *
   * @param markers the keyword of each parameter marker in order; marker {@code i} binds the
   *     method's argument {@code i}
   */
  record Derived(Kind kind, String sql, List<Part.Type> markers) implements AheadOfTimeQuery {}

  /**
   * A {@code @Query} method.
   *
   * @param parameterNames the {@code :name} each argument binds, in argument order; empty when the
   *     SQL uses {@code ?}
   */
  record Declared(String sql, boolean modifying, List<String> parameterNames)
      implements AheadOfTimeQuery {}

  /**
   * The query method {@code method} of a repository for {@code mapping}'s entity, made and checked
   * as the repository factory would (a bad method is reported at build time, naming itself), and
   * described if its statement text is fixed. The query objects get no template: they are only
   * described, never run.
   *
   * @param declaredSql the method's {@code @Query} or named query, if it has one
   * @throws IllegalArgumentException if the method cannot be made into a query (the message names
   *     it)
   */
  static Optional<AheadOfTimeQuery> of(
      String name,
      QueryMethod method,
      Method javaMethod,
      Optional<String> declaredSql,
      KiteSqlMappingContext context,
      EntityMapping<?> mapping) {
    if (declaredSql.isPresent()) {
      var query =
          new DeclaredKiteSqlQuery(
              name, method, javaMethod, declaredSql.get(), null, context, mapping);
      if (method.getParameters().hasDynamicProjection()
          || method.isStreamQuery()
          || method.isPageQuery()
          || method.isSliceQuery()
          || method.isScrollQuery()) {
        return Optional.empty();
      }
      var names =
          query.named()
              ? method.getParameters().getBindableParameters().stream()
                  .map(Parameter::getRequiredName)
                  .toList()
              : List.<String>of();
      return Optional.of(new Declared(query.sql(), query.modifying(), names));
    }
    var query = new PartTreeKiteSqlQuery(name, method, null, context, mapping);
    var tree = query.tree();
    if (!query.where().isFixed()) {
      return Optional.empty();
    }
    var kind =
        tree.isCountProjection()
            ? Kind.COUNT
            : tree.isExistsProjection() ? Kind.EXISTS : tree.isDelete() ? Kind.DELETE : Kind.SELECT;
    if (kind == Kind.SELECT && !query.plain()) {
      return Optional.empty();
    }
    return Optional.of(new Derived(kind, query.sql(), query.where().markerTypes()));
  }

  /**
   * How a derived query's rows become {@code type}: the entity, an interface projection or a DTO.
   */
  static RowMapper<?> derivedMapper(
      Class<?> type, KiteSqlMappingContext context, EntityMapping<?> mapping) {
    return new ResultMappers(context, mapping).forType(type).mapper();
  }

  /**
   * How a {@code @Query} method's rows become {@code type}: the entity, a projection, a DTO or one
   * column's value.
   */
  static RowMapper<?> declaredMapper(
      String methodName, Class<?> type, KiteSqlMappingContext context, EntityMapping<?> mapping) {
    return DeclaredKiteSqlQuery.resultMapper(methodName, type, context, mapping);
  }

  /**
   * The argument a derived query binds for a marker of keyword {@code type}: StartingWith and the
   * like escape and wrap it.
   */
  static @Nullable Object argument(Part.Type type, @Nullable Object value) {
    return WhereClause.likeArgument(type, value);
  }
}
