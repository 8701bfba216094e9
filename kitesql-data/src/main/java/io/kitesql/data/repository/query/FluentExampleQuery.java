package io.kitesql.data.repository.query;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.core.RowMapper;
import io.kitesql.data.core.Statement;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.MappedColumn;
import io.kitesql.data.transaction.KiteSqlTransactions;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.OffsetScrollPosition;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.SliceImpl;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import org.springframework.data.mapping.MappingException;
import org.springframework.data.repository.query.FluentQuery;
import org.springframework.data.support.PageableExecutionUtils;

/**
 * The fluent query of {@code findBy(Example, query -> ...)}: an immutable description (criteria,
 * sort, limit, result type, selected properties) that runs one statement when a terminal method is
 * called. {@link #as} reads DTO or interface projections selecting only their columns; {@link
 * #project} selects only the named properties of the entity (the others stay unset). {@link
 * #stream} is lazy inside a transaction and reads the whole result first outside one. {@link
 * #scroll} needs {@link #limit} as the window size; keyset windows return entities.
 *
 * @param <R> what the query returns: the entity or a projection of it
 */
public final class FluentExampleQuery<R> implements FluentQuery.FetchableFluentQuery<R> {
  private final KiteSqlTemplate template;
  private final String name;
  private final EntityMapping<?> mapping;
  private final ResultMappers results;
  private final ExampleCriteria criteria;
  private final Sort sort;
  private final @Nullable Integer limit;
  private final Class<?> resultType;
  private final List<String> properties;

  FluentExampleQuery(
      KiteSqlTemplate template,
      String name,
      EntityMapping<?> mapping,
      ResultMappers results,
      ExampleCriteria criteria) {
    this(
        template,
        name,
        mapping,
        results,
        criteria,
        Sort.unsorted(),
        null,
        mapping.type(),
        List.of());
  }

  private FluentExampleQuery(
      KiteSqlTemplate template,
      String name,
      EntityMapping<?> mapping,
      ResultMappers results,
      ExampleCriteria criteria,
      Sort sort,
      @Nullable Integer limit,
      Class<?> resultType,
      List<String> properties) {
    this.template = template;
    this.name = name;
    this.mapping = mapping;
    this.results = results;
    this.criteria = criteria;
    this.sort = sort;
    this.limit = limit;
    this.resultType = resultType;
    this.properties = properties;
  }

  @Override
  public FetchableFluentQuery<R> sortBy(Sort sort) {
    SortSql.orderBy(sort, mapping); // an unknown property fails here, not at the terminal call
    return new FluentExampleQuery<>(
        template,
        name,
        mapping,
        results,
        criteria,
        this.sort.and(sort),
        limit,
        resultType,
        properties);
  }

  @Override
  public FetchableFluentQuery<R> limit(int limit) {
    if (limit < 0) {
      throw new InvalidDataAccessApiUsageException("limit must not be negative: " + limit);
    }
    return new FluentExampleQuery<>(
        template, name, mapping, results, criteria, sort, limit, resultType, properties);
  }

  @Override
  public <N> FetchableFluentQuery<N> as(Class<N> type) {
    if (!properties.isEmpty() && !type.isAssignableFrom(mapping.type())) {
      throw bothProjections();
    }
    try {
      results.forType(type); // an unmappable projection fails here
    } catch (MappingException | IllegalArgumentException e) {
      throw new InvalidDataAccessApiUsageException(
          name + ": cannot read results as " + type.getName() + ": " + e.getMessage(), e);
    }
    return new FluentExampleQuery<>(
        template, name, mapping, results, criteria, sort, limit, type, properties);
  }

  @Override
  public FetchableFluentQuery<R> project(Collection<String> properties) {
    if (!resultType.isAssignableFrom(mapping.type())) {
      throw bothProjections();
    }
    properties.forEach(
        property ->
            mapping
                .column(property)
                .orElseThrow(
                    () ->
                        new InvalidDataAccessApiUsageException(
                            "cannot project "
                                + property
                                + ": no such property in "
                                + mapping.type().getName())));
    var all = new ArrayList<>(this.properties);
    all.addAll(properties);
    return new FluentExampleQuery<>(
        template, name, mapping, results, criteria, sort, limit, resultType, List.copyOf(all));
  }

  private static InvalidDataAccessApiUsageException bothProjections() {
    return new InvalidDataAccessApiUsageException(
        "project(...) selects properties of the entity and as(...) a projection type:"
            + " use one of them (a projection type selects its own properties)");
  }

  @Override
  public @Nullable R oneValue() {
    var rows = list(limitSql(2), List.of());
    if (rows.size() > 1) {
      throw new IncorrectResultSizeDataAccessException("the example matches more than one row", 1);
    }
    return rows.isEmpty() ? null : rows.getFirst();
  }

  @Override
  public @Nullable R firstValue() {
    var rows = list(limitSql(1), List.of());
    return rows.isEmpty() ? null : rows.getFirst();
  }

  @Override
  public List<R> all() {
    return list(limitSql(Integer.MAX_VALUE), List.of());
  }

  @Override
  public Page<R> page(Pageable pageable) {
    if (pageable.isUnpaged()) {
      var content = sortedBy(pageable.getSort()).all();
      return PageableExecutionUtils.getPage(content, pageable, content::size);
    }
    var rows = PageRows.of(pageable, limit, 0);
    var content =
        sortedBy(pageable.getSort()).list(PageRows.SQL, List.of(rows.limit(), rows.offset()));
    return PageableExecutionUtils.getPage(
        content, pageable, () -> limit == null ? count() : Math.min(count(), limit));
  }

  @Override
  public Slice<R> slice(Pageable pageable) {
    if (pageable.isUnpaged()) {
      return new SliceImpl<>(sortedBy(pageable.getSort()).all(), pageable, false);
    }
    var rows = PageRows.of(pageable, limit, 1); // one more row tells whether another slice follows
    var content =
        sortedBy(pageable.getSort()).list(PageRows.SQL, List.of(rows.limit(), rows.offset()));
    boolean hasNext = content.size() > pageable.getPageSize();
    return new SliceImpl<>(
        hasNext ? content.subList(0, pageable.getPageSize()) : content, pageable, hasNext);
  }

  @Override
  public Window<R> scroll(ScrollPosition position) {
    if (limit == null) {
      throw new InvalidDataAccessApiUsageException(
          "scroll(...) returns a Window: give its size with limit(n)");
    }
    var window = WindowSql.of(position, sort, mapping);
    var where =
        window.where().isEmpty()
            ? criteria.where()
            : (criteria.where().isEmpty() ? " where true" : criteria.where()) + window.where();
    var arguments = new ArrayList<@Nullable Object>(criteria.arguments());
    arguments.addAll(window.arguments());
    arguments.add((long) limit + 1);
    arguments.add(window.offset());
    var result = results.forType(resultType);
    var sql =
        "select "
            + selectList(result)
            + " from "
            + mapping.table()
            + where
            + SortSql.orderBy(window.sort(), mapping)
            + PageRows.SQL;
    List<R> rows = new ArrayList<>(run(sql, arguments, mapper(result)));
    boolean hasNext = rows.size() > limit;
    var content = hasNext ? new ArrayList<>(rows.subList(0, limit)) : rows;
    if (window.backward()) {
      Collections.reverse(content);
    }
    if (position instanceof OffsetScrollPosition) {
      return Window.from(content, OffsetScrollPosition.positionFunction(window.offset()), hasNext);
    }
    if (!resultType.isAssignableFrom(mapping.type()) || !properties.isEmpty()) {
      throw new InvalidDataAccessApiUsageException(
          "keyset scrolling returns whole entities (it reads the sort keys from them)");
    }
    return Window.from(
        content,
        i -> ScrollPosition.forward(WindowSql.keys(window.sort(), propertyValues(content.get(i)))),
        hasNext);
  }

  @Override
  public Stream<R> stream() {
    if (KiteSqlTransactions.current(template.getDatabase()).isEmpty()) {
      return all()
          .stream(); // nothing to read lazily from once the statement's own transaction ended
    }
    var result = results.forType(resultType);
    return template.stream(
        Statement.named(
            name, select(result) + limitSql(Integer.MAX_VALUE), criteria.arguments().toArray()),
        mapper(result));
  }

  @Override
  public long count() {
    return template.query(
        Statement.named(
            name,
            "select count(*) from " + mapping.table() + criteria.where(),
            criteria.arguments().toArray()),
        rows -> rows.next() ? rows.row().getLong(0) : 0L);
  }

  @Override
  public boolean exists() {
    return template.query(
        Statement.named(
            name,
            "select 1 from " + mapping.table() + criteria.where() + " limit 1",
            criteria.arguments().toArray()),
        rows -> rows.next());
  }

  private FluentExampleQuery<R> sortedBy(Sort more) {
    return more.isUnsorted() ? this : (FluentExampleQuery<R>) sortBy(more);
  }

  /** {@code " limit n"} for the smaller of {@code max} and the query's limit, or nothing. */
  private String limitSql(int max) {
    int cap = limit == null ? max : Math.min(max, limit);
    return cap == Integer.MAX_VALUE ? "" : " limit " + cap;
  }

  private List<R> list(String tail, List<Object> more) {
    var result = results.forType(resultType);
    if (more.isEmpty() && tail.isEmpty() && sort.isUnsorted() && properties.isEmpty()) {
      // the common call (all()): a remembered statement text, and one argument array
      return template.query(
          Statement.named(
              name, results.select(result, criteria.where()), criteria.arguments().toArray()),
          mapper(result),
          Integer.MAX_VALUE);
    }
    var arguments = new ArrayList<@Nullable Object>(criteria.arguments());
    arguments.addAll(more);
    return run(select(result) + tail, arguments, mapper(result));
  }

  private List<R> run(String sql, List<@Nullable Object> arguments, RowMapper<R> mapper) {
    return template.query(
        Statement.named(name, sql, arguments.toArray()), mapper, Integer.MAX_VALUE);
  }

  private String select(ResultMappers.ResultMapper result) {
    return "select "
        + selectList(result)
        + " from "
        + mapping.table()
        + criteria.where()
        + SortSql.orderBy(sort, mapping);
  }

  private String selectList(ResultMappers.ResultMapper result) {
    if (properties.isEmpty()) {
      return result.selectList();
    }
    return properties.stream()
        .distinct()
        .map(p -> mapping.requiredColumn(p).sql())
        .collect(Collectors.joining(", "));
  }

  @SuppressWarnings("unchecked")
  private RowMapper<R> mapper(ResultMappers.ResultMapper result) {
    return (RowMapper<R>) result.mapper();
  }

  private Map<String, @Nullable Object> propertyValues(Object entity) {
    var values = new HashMap<String, @Nullable Object>();
    for (var column : mapping.columns()) {
      values.put(column.propertyName(), get(entity, column));
    }
    return values;
  }

  @SuppressWarnings("unchecked")
  private <T> @Nullable Object get(Object entity, MappedColumn column) {
    return ((EntityMapping<T>) mapping).get((T) entity, column);
  }
}
