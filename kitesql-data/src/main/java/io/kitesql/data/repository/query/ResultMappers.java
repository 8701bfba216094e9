package io.kitesql.data.repository.query;

import io.kitesql.data.core.RowMapper;
import io.kitesql.data.mapping.DtoMapping;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.InterfaceProjection;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import io.kitesql.data.mapping.MappedColumn;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The row mapper and SELECT list for each type a query method returns: the entity (every column),
 * an interface projection (its getters' columns) or a DTO (its constructor parameters' columns). A
 * projection selects only what it reads and never builds the entity. Made once per type.
 */
final class ResultMappers {
  /** How to read one returned type: the mapper and the quoted columns to select for it. */
  record ResultMapper(Class<?> type, RowMapper<?> mapper, String selectList) {}

  private static final int MAX_SELECTS = 256;

  private final KiteSqlMappingContext context;
  private final EntityMapping<?> domain;
  private final ConcurrentHashMap<Class<?>, ResultMapper> byType = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<ResultMapper, ConcurrentHashMap<String, String>> selects =
      new ConcurrentHashMap<>();

  ResultMappers(KiteSqlMappingContext context, EntityMapping<?> domain) {
    this.context = context;
    this.domain = domain;
  }

  /**
   * {@code select <result's columns> from <table><where>}, remembered per result for up to {@link
   * #MAX_SELECTS} clauses, so that a query by example or criteria query of a seen shape writes no
   * SQL text.
   */
  String select(ResultMapper result, String where) {
    var byWhere = selects.get(result);
    if (byWhere == null) {
      byWhere = selects.computeIfAbsent(result, r -> new ConcurrentHashMap<>());
    }
    var known = byWhere.get(where);
    if (known != null) {
      return known;
    }
    var sql = "select " + result.selectList() + " from " + domain.table() + where;
    if (byWhere.size() < MAX_SELECTS) {
      byWhere.put(where, sql);
    }
    return sql;
  }

  ResultMapper forType(Class<?> type) {
    var known = byType.get(type); // no lambda per call on the hot path
    return known != null ? known : byType.computeIfAbsent(type, this::create);
  }

  private ResultMapper create(Class<?> type) {
    if (type.isAssignableFrom(domain.type())) {
      return new ResultMapper(type, domain, columns(domain.columns()));
    }
    if (type.isInterface()) {
      var projection = new InterfaceProjection<>(type, domain, domain.conversions());
      return new ResultMapper(type, projection, selected(projection.propertyNames()));
    }
    if (KiteSqlMappingContext.SIMPLE_TYPES.contains(type)
        || type.isPrimitive()
        || type.getName().startsWith("java.")) {
      throw new IllegalArgumentException(
          "a derived query returns entities or projections of "
              + domain.type().getSimpleName()
              + ", not "
              + type.getName()
              + ": use @Query to select single values");
    }
    var dto = new DtoMapping<>(context, type, domain, domain.conversions());
    return new ResultMapper(type, dto, selected(dto.propertyNames()));
  }

  private String selected(List<String> properties) {
    return columns(properties.stream().flatMap(p -> domain.columnsOf(p).stream()).toList());
  }

  private static String columns(List<MappedColumn> columns) {
    return columns.stream().map(MappedColumn::sql).collect(Collectors.joining(", "));
  }
}
