package io.kitesql.data.repository.query;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.core.RowMapper;
import io.kitesql.data.core.Statement;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.OffsetScrollPosition;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.SliceImpl;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.parser.PartTree;
import org.springframework.data.support.PageableExecutionUtils;

/**
 * A query derived from its method's name ({@code findByThreadIdOrderByIdAsc}): parsed into a {@link
 * PartTree} and checked when the repository is made, so a misspelt property or an unsupported
 * keyword fails start-up with the method's name. Each call binds the arguments and runs one
 * statement whose text is fixed unless In/NotIn, a dynamic {@link Sort}, {@link Pageable} or {@code
 * Limit} shape it; the engine plans each distinct text once. Parts may name properties of
 * {@code @Embedded} values ({@code findByAddressCity}) and of aggregates an {@code
 * AggregateReference} points to ({@code findByAuthorName}: a subquery on the referenced table, see
 * {@link ReferencePaths}).
 *
 * <p>{@code Distinct} is honoured ({@code select distinct} over the selected columns), projections
 * select only their own columns, and {@code Stream} results need a surrounding transaction. A
 * {@link Pageable} reads its page for every return type, cut from within the First/Top N rows
 * ({@link PageRows}). Parameters the query would not apply are refused at start-up ({@link
 * QueryMethodChecks}).
 */
public final class PartTreeKiteSqlQuery extends KiteSqlRepositoryQuery {
  private final PartTree tree;
  private final WhereClause where;
  private final ResultMappers results;
  private final ConcurrentHashMap<Class<?>, String> fixedSelects = new ConcurrentHashMap<>();

  /**
   * The statement of every call when nothing per call shapes it (see {@link #execute}), made at
   * start-up; null otherwise.
   */
  private final @Nullable PlainSelect plain;

  /**
   * A select whose text, mapper and row bound are the same for every call: only the arguments vary.
   */
  private record PlainSelect(String sql, RowMapper<?> mapper, int maxRows) {}

  public PartTreeKiteSqlQuery(
      String name,
      QueryMethod method,
      KiteSqlTemplate template,
      KiteSqlMappingContext context,
      EntityMapping<?> mapping) {
    super(name, method, template, mapping);
    var methodName = method.getName();
    var references = ReferencePaths.of(methodName, mapping, context);
    this.tree = new PartTree(references.parsedName(), mapping.type());
    this.where = new WhereClause(tree, mapping, methodName, references);
    this.results = new ResultMappers(context, mapping);
    if (tree.isDistinct()
        && (tree.isCountProjection() || tree.isExistsProjection() || tree.isDelete())) {
      throw new IllegalArgumentException(
          methodName + ": Distinct with count, exists or delete is not supported");
    }
    SortSql.orderBy(tree.getSort(), mapping); // fails start-up on an unknown OrderBy property
    QueryMethodChecks.derived(tree, method, mapping.type());
    if (!tree.isCountProjection() && !tree.isExistsProjection() && !tree.isDelete()) {
      results.forType(
          method
              .getResultProcessor()
              .getReturnedType()
              .getReturnedType()); // an unmappable projection fails now
    }
    this.plain = plainSelect(method);
  }

  /**
   * The common call: a collection or single result of a fixed WHERE clause, with no Sort, Pageable,
   * Limit, scroll position or dynamic projection argument, so its arguments bind straight from the
   * call's array (no accessor, no lists: a repository call should cost little more than the
   * engine's query).
   */
  private @Nullable PlainSelect plainSelect(QueryMethod method) {
    if (tree.isCountProjection()
        || tree.isExistsProjection()
        || tree.isDelete()
        || !where.isFixed()
        || method.getParameters().getBindableParameters().getNumberOfParameters()
            != method.getParameters().getNumberOfParameters()
        || method.isScrollQuery()
        || method.isPageQuery()
        || method.isSliceQuery()
        || method.isStreamQuery()) {
      return null;
    }
    var result = results.forType(method.getResultProcessor().getReturnedType().getReturnedType());
    var sql = selectSql(result, where.describe(), tree.getSort()) + limitSql(tree.getMaxResults());
    return new PlainSelect(
        sql, result.mapper(), method.isCollectionQuery() ? Integer.MAX_VALUE : 2);
  }

  /**
   * The statement this method runs for its declared return type (with one marker per In/NotIn
   * collection), to show, log or EXPLAIN; dynamic Sort, Pageable and Limit arguments add to it.
   */
  @Override
  public String sql() {
    var whereSql = where.describe();
    if (tree.isCountProjection()) {
      return "select count(*) from " + mapping.table() + whereSql;
    }
    if (tree.isExistsProjection()) {
      return "select 1 from " + mapping.table() + whereSql + " limit 1";
    }
    if (tree.isDelete()) {
      return "delete from " + mapping.table() + whereSql;
    }
    var result = results.forType(method.getResultProcessor().getReturnedType().getReturnedType());
    return selectSql(result, whereSql, tree.getSort()) + limitSql(tree.getMaxResults());
  }

  /** The parsed method name; for {@link AheadOfTimeQuery}. */
  PartTree tree() {
    return tree;
  }

  /** The WHERE clause; for {@link AheadOfTimeQuery}. */
  WhereClause where() {
    return where;
  }

  /**
   * Whether every call runs {@link #sql()} with only its arguments varying; for {@link
   * AheadOfTimeQuery}.
   */
  boolean plain() {
    return plain != null;
  }

  @Override
  public @Nullable Object execute(@Nullable Object[] parameters) {
    if (plain != null) {
      var rows =
          list(
              plain.sql(),
              where.bindFixed(parameters, mapping.conversions()),
              plain.mapper(),
              plain.maxRows());
      return plain.maxRows() == Integer.MAX_VALUE ? rows : single(rows);
    }
    var accessor = new ParametersParameterAccessor(method.getParameters(), parameters);
    var bound = new ArrayList<@Nullable Object>(where.markerCount());
    var whereSql = where.sql(accessor.iterator(), bound);
    var args = new Object[bound.size()];
    for (int i = 0; i < args.length; i++) {
      args[i] = mapping.conversions().write(bound.get(i));
    }
    if (tree.isCountProjection()) {
      return count(countRows("select count(*) from " + mapping.table() + whereSql, args));
    }
    if (tree.isExistsProjection()) {
      return template.query(
          Statement.named(name, "select 1 from " + mapping.table() + whereSql + " limit 1", args),
          rows -> rows.next());
    }
    if (tree.isDelete()) {
      return delete(whereSql, args);
    }
    // the mappers make objects of the returned type already, so Spring's result processing (which
    // would copy the list) is not needed; a dynamic projection only picks the mapper
    var returned =
        method.getParameters().hasDynamicProjection()
            ? method
                .getResultProcessor()
                .withDynamicProjection(accessor)
                .getReturnedType()
                .getReturnedType()
            : method.getResultProcessor().getReturnedType().getReturnedType();
    return select(accessor, results.forType(returned), whereSql, args);
  }

  private @Nullable Object select(
      ParametersParameterAccessor accessor,
      ResultMappers.ResultMapper result,
      String whereSql,
      Object[] args) {
    var pageable = accessor.getPageable();
    // only a Limit parameter's: without one the accessor makes a Limit of a Pageable's page size
    var limit =
        method.getParameters().hasLimitParameter() ? accessor.getLimit() : Limit.unlimited();
    Integer max = tree.getMaxResults();
    if (limit.isLimited()) {
      max = max == null ? limit.max() : Math.min(max, limit.max());
    }
    var mapper = result.mapper();
    if (method.isScrollQuery()) {
      return window(accessor, result, whereSql, args, max);
    }
    var sort = tree.getSort().and(accessor.getSort());
    if (method.isPageQuery() || method.isSliceQuery()) {
      return page(result, whereSql, sort, args, pageable, max);
    }
    // the common case, no per-call shape: the statement text is made once per returned type
    boolean fixed =
        where.isFixed()
            && accessor.getSort().isUnsorted()
            && pageable.isUnpaged()
            && limit.isUnlimited();
    String sql;
    var values = args;
    if (fixed) {
      sql =
          fixedSelects.computeIfAbsent(
              result.type(),
              t -> selectSql(result, whereSql, tree.getSort()) + limitSql(tree.getMaxResults()));
    } else if (pageable.isPaged()) {
      var rows = PageRows.of(pageable, max, 0);
      sql = selectSql(result, whereSql, sort) + PageRows.SQL;
      values = append(args, rows.limit(), rows.offset());
    } else {
      sql = selectSql(result, whereSql, sort) + limitSql(max);
    }
    if (method.isStreamQuery()) {
      return template.stream(Statement.named(name, sql, values), mapper);
    }
    if (method.isCollectionQuery()) {
      return list(sql, values, mapper, Integer.MAX_VALUE);
    }
    return single(list(sql, values, mapper, 2));
  }

  /**
   * One window of a scroll query: offset or keyset, {@code max} rows (plus one to know if more
   * follow).
   */
  private Object window(
      ParametersParameterAccessor accessor,
      ResultMappers.ResultMapper result,
      String whereSql,
      Object[] args,
      @Nullable Integer max) {
    if (max == null) {
      throw new InvalidDataAccessApiUsageException(
          method.getName()
              + " returns a Window: give its size with First/Top N or a Limit argument");
    }
    var position =
        accessor.getScrollPosition() == null
            ? ScrollPosition.offset()
            : accessor.getScrollPosition();
    var window = WindowSql.of(position, tree.getSort().and(accessor.getSort()), mapping);
    var keysetWhere =
        window.where().isEmpty()
            ? whereSql
            : (whereSql.isEmpty() ? " where true" : whereSql) + window.where();
    var values = new ArrayList<@Nullable Object>(List.of(args));
    values.addAll(window.arguments());
    values.add((long) max + 1);
    values.add(window.offset());
    var sql = selectSql(result, keysetWhere, window.sort()) + " limit ? offset ?";
    var rows = new ArrayList<>(list(sql, values.toArray(), result.mapper(), Integer.MAX_VALUE));
    boolean hasNext = rows.size() > max;
    var content = hasNext ? new ArrayList<>(rows.subList(0, max)) : rows;
    if (window.backward()) {
      Collections.reverse(content);
    }
    if (position instanceof OffsetScrollPosition) {
      return Window.from(content, OffsetScrollPosition.positionFunction(window.offset()), hasNext);
    }
    if (result.mapper() != mapping) {
      throw new InvalidDataAccessApiUsageException(
          method.getName()
              + ": keyset scrolling returns entities (it reads the sort keys from them)");
    }
    return Window.from(
        content,
        i -> ScrollPosition.forward(WindowSql.keys(window.sort(), propertyValues(content.get(i)))),
        hasNext);
  }

  private Map<String, @Nullable Object> propertyValues(Object entity) {
    var values = new HashMap<String, @Nullable Object>();
    for (var column : mapping.columns()) {
      values.put(column.propertyName(), getProperty(entity, column));
    }
    return values;
  }

  @SuppressWarnings("unchecked")
  private <T> @Nullable Object getProperty(
      Object entity, io.kitesql.data.mapping.MappedColumn column) {
    return ((EntityMapping<T>) mapping).get((T) entity, column);
  }

  private static String limitSql(@Nullable Integer max) {
    return max == null ? "" : " limit " + max;
  }

  /**
   * A Page or Slice: the page's rows of the result capped by {@code max} (Top/First or a Limit),
   * and for a Page the capped total when the rows read do not tell it.
   */
  private Object page(
      ResultMappers.ResultMapper result,
      String whereSql,
      Sort sort,
      Object[] args,
      Pageable pageable,
      @Nullable Integer max) {
    var select = selectSql(result, whereSql, sort);
    if (pageable.isUnpaged()) {
      var content = list(select + limitSql(max), args, result.mapper(), Integer.MAX_VALUE);
      return method.isPageQuery()
          ? PageableExecutionUtils.getPage(content, pageable, () -> content.size())
          : new SliceImpl<>(content, pageable, false);
    }
    if (method.isSliceQuery()) {
      var rows = PageRows.of(pageable, max, 1); // one more row tells whether another slice follows
      return slice(
          list(
              select + PageRows.SQL,
              append(args, rows.limit(), rows.offset()),
              result.mapper(),
              Integer.MAX_VALUE),
          pageable);
    }
    var rows = PageRows.of(pageable, max, 0);
    var content =
        list(
            select + PageRows.SQL,
            append(args, rows.limit(), rows.offset()),
            result.mapper(),
            Integer.MAX_VALUE);
    return PageableExecutionUtils.getPage(
        content,
        pageable,
        () -> {
          long total = countRows(countSql(result, whereSql), args);
          return max == null ? total : Math.min(total, max);
        });
  }

  private static <T> Slice<T> slice(List<T> rows, Pageable pageable) {
    boolean hasNext = rows.size() > pageable.getPageSize();
    return new SliceImpl<>(
        hasNext ? rows.subList(0, pageable.getPageSize()) : rows, pageable, hasNext);
  }

  /**
   * Counts the rows the select of {@code result} returns: its distinct rows for a Distinct query.
   */
  private String countSql(ResultMappers.ResultMapper result, String whereSql) {
    return tree.isDistinct()
        ? "select count(*) from (select distinct "
            + result.selectList()
            + " from "
            + mapping.table()
            + whereSql
            + ") as counted"
        : "select count(*) from " + mapping.table() + whereSql;
  }

  private String selectSql(ResultMappers.ResultMapper result, String whereSql, Sort sort) {
    return "select "
        + (tree.isDistinct() ? "distinct " : "")
        + result.selectList()
        + " from "
        + mapping.table()
        + whereSql
        + SortSql.orderBy(sort, mapping);
  }

  private long countRows(String countSql, Object[] args) {
    return template.query(
        Statement.named(name, countSql, args), rows -> rows.next() ? rows.row().getLong(0) : 0L);
  }

  private @Nullable Object delete(String whereSql, Object[] args) {
    var returned = method.getReturnedObjectType();
    if (!method.isCollectionQuery() && !returned.isAssignableFrom(mapping.type())) {
      return template.inWriteTransaction(
          tx -> {
            return count(
                template.update(
                    Statement.named(name, "delete from " + mapping.table() + whereSql, args)));
          });
    }
    // the deleted entities are returned: read them, then delete them, in one write transaction
    return template.inWriteTransaction(
        tx -> {
          var select =
              "select "
                  + mapping.columns().stream()
                      .map(c -> c.sql())
                      .reduce((a, b) -> a + ", " + b)
                      .orElseThrow()
                  + " from "
                  + mapping.table()
                  + whereSql;
          var deleted = list(select, args, mapping, Integer.MAX_VALUE);
          template.update(Statement.named(name, "delete from " + mapping.table() + whereSql, args));
          return method.isCollectionQuery()
              ? deleted
              : deleted.isEmpty() ? null : deleted.getFirst();
        });
  }

  private <T> List<T> list(String sql, Object[] args, RowMapper<T> mapper, int max) {
    return template.query(Statement.named(name, sql, args), mapper, max);
  }

  private static Object[] append(Object[] args, Object... more) {
    var result = java.util.Arrays.copyOf(args, args.length + more.length);
    System.arraycopy(more, 0, result, args.length, more.length);
    return result;
  }
}
