package io.kitesql.data.repository.query;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.core.RowMapper;
import io.kitesql.data.core.Statement;
import io.kitesql.data.mapping.DtoMapping;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.InterfaceProjection;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import org.springframework.data.repository.query.QueryMethod;

/**
 * A method annotated with {@code @Query}: its SQL runs as written, with the method's arguments as
 * parameters (by name when the SQL has {@code :name} markers, by position otherwise). Query results
 * map by column name; {@code @Modifying} methods return the rows written.
 */
public final class DeclaredKiteSqlQuery extends KiteSqlRepositoryQuery {
  private static final List<String> QUERY_ANNOTATIONS =
      List.of(
          "io.kitesql.data.repository.Query",
          "org.springframework.data.jdbc.repository.query.Query");
  private static final List<String> MODIFYING_ANNOTATIONS =
      List.of(
          "io.kitesql.data.repository.Modifying",
          "org.springframework.data.jdbc.repository.query.Modifying");
  private static final Pattern NAMED_MARKER = Pattern.compile("(?<![:\\w]):[A-Za-z_]\\w*");

  private final KiteSqlMappingContext context;
  private final String sql;
  private final boolean modifying;
  private final boolean named;
  private final ConcurrentHashMap<Class<?>, RowMapper<?>> mappers = new ConcurrentHashMap<>();

  public DeclaredKiteSqlQuery(
      String name,
      QueryMethod method,
      Method javaMethod,
      String sql,
      KiteSqlTemplate template,
      KiteSqlMappingContext context,
      EntityMapping<?> mapping) {
    super(name, method, template, mapping);
    this.context = context;
    this.sql = sql;
    var annotations = MergedAnnotations.from(javaMethod);
    this.modifying = MODIFYING_ANNOTATIONS.stream().anyMatch(annotations::isPresent);
    this.named = NAMED_MARKER.matcher(withoutStrings(sql)).find();
    QueryMethodChecks.declared(method);
    var parameters = method.getParameters();
    if (named) {
      for (var parameter : parameters.getBindableParameters()) {
        if (!parameter.isNamedParameter()) {
          throw new IllegalArgumentException(
              method.getName()
                  + ": the SQL uses :name parameters but a method parameter has no name;"
                  + " compile with -parameters or use @Param");
        }
      }
    }
    if (!modifying) {
      // an unmappable return type fails start-up
      mapperFor(method.getResultProcessor().getReturnedType().getReturnedType());
    }
  }

  /**
   * The SQL of {@code method}'s {@code @Query} (KiteSQL's or Spring Data JDBC's), if it has one.
   */
  public static Optional<String> declaredSql(Method method) {
    var annotations = MergedAnnotations.from(method);
    return QUERY_ANNOTATIONS.stream()
        .filter(annotations::isPresent)
        .findFirst()
        .map(name -> annotations.get(name).getString("value"));
  }

  /** Whether the method is {@code @Modifying}; for {@link AheadOfTimeQuery}. */
  boolean modifying() {
    return modifying;
  }

  /** Whether the SQL binds {@code :name} markers; for {@link AheadOfTimeQuery}. */
  boolean named() {
    return named;
  }

  /** The statement as declared. */
  @Override
  public String sql() {
    return sql;
  }

  @Override
  public @Nullable Object execute(@Nullable Object[] parameters) {
    var accessor = new ParametersParameterAccessor(method.getParameters(), parameters);
    var statement = statement(accessor);
    if (modifying) {
      return count(template.update(statement));
    }
    var processor = method.getResultProcessor().withDynamicProjection(accessor);
    var mapper = mapperFor(processor.getReturnedType().getReturnedType());
    if (method.isStreamQuery()) {
      return processor.processResult(template.stream(statement, mapper));
    }
    var rows =
        template.query(statement, mapper, method.isCollectionQuery() ? Integer.MAX_VALUE : 2);
    if (method.isCollectionQuery()) {
      return processor.processResult(rows);
    }
    var row = single(rows);
    return row == null ? null : processor.processResult(row);
  }

  private Statement statement(ParametersParameterAccessor accessor) {
    var conversions = mapping.conversions();
    if (named) {
      var values = new HashMap<String, @Nullable Object>();
      for (var parameter : method.getParameters().getBindableParameters()) {
        values.put(
            parameter.getRequiredName(),
            conversions.write(accessor.getBindableValue(parameter.getIndex())));
      }
      return Statement.named(name, sql, values);
    }
    var values = new ArrayList<@Nullable Object>();
    for (var value : accessor) {
      values.add(conversions.write(value));
    }
    return Statement.named(name, sql, values.toArray());
  }

  private RowMapper<?> mapperFor(Class<?> type) {
    return mappers.computeIfAbsent(type, this::createMapper);
  }

  private RowMapper<?> createMapper(Class<?> type) {
    return resultMapper(method.getName(), type, context, mapping);
  }

  /**
   * How a declared query's rows become {@code type}: the entity, a projection, a DTO or one
   * column's value.
   */
  static RowMapper<?> resultMapper(
      String methodName, Class<?> type, KiteSqlMappingContext context, EntityMapping<?> mapping) {
    if (type.isAssignableFrom(mapping.type())) {
      return mapping;
    }
    if (type.isInterface() && !type.getName().startsWith("java.")) {
      return new InterfaceProjection<>(type, mapping, mapping.conversions());
    }
    if (KiteSqlMappingContext.SIMPLE_TYPES.contains(type)
        || type.isPrimitive()
        || type.isEnum()
        || type.getName().startsWith("java.")) {
      return row -> {
        if (row.columnCount() != 1) {
          throw new IncorrectResultSizeDataAccessException(
              methodName
                  + " returns one value per row but its query has "
                  + row.columnCount()
                  + " columns",
              1,
              row.columnCount());
        }
        return mapping.conversions().read(row, 0, type);
      };
    }
    return new DtoMapping<>(context, type, mapping, mapping.conversions());
  }

  /**
   * The SQL with string literals blanked, so a ':' inside a literal is not taken for a parameter.
   */
  private static String withoutStrings(String sql) {
    return sql.replaceAll("'([^']|'')*'", "''");
  }
}
