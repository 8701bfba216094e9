package io.kitesql.data.repository.query;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.core.Statement;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.data.relational.core.query.CriteriaDefinition;
import org.springframework.data.relational.core.query.Query;

/**
 * Queries by Spring Data Relational criteria over one entity's table, made once per repository:
 * each call translates its criteria ({@link CriteriaWhere}) and runs them as query by example runs
 * a probe ({@link FluentExampleQuery}), entities read with borrowed text inside a read-only
 * transaction as every repository read is.
 *
 * @param <T> the entity type
 */
public final class CriteriaQueries<T> {
  private final KiteSqlTemplate template;
  private final EntityMapping<T> mapping;
  private final ResultMappers results;

  /**
   * @param context the mapping context result types are read through
   */
  public CriteriaQueries(
      KiteSqlTemplate template, KiteSqlMappingContext context, EntityMapping<T> mapping) {
    this.template = template;
    this.mapping = mapping;
    this.results = new ResultMappers(context, mapping);
  }

  /**
   * The entities matching {@code criteria} in {@code sort}'s order, by a statement named {@code
   * name}.
   */
  public List<T> findAll(CriteriaDefinition criteria, Sort sort, String name) {
    return fluent(criteria, name).sortBy(sort).all();
  }

  /** One page of the matches and, when the page does not tell it, their count. */
  public Page<T> findPage(CriteriaDefinition criteria, Pageable pageable, String name) {
    return fluent(criteria, name).page(pageable);
  }

  /** The one match, or empty; several matches fail. */
  public Optional<T> findOne(CriteriaDefinition criteria, String name) {
    var rows = fluent(criteria, name).limit(2).all();
    if (rows.size() > 1) {
      throw new IncorrectResultSizeDataAccessException("the criteria match more than one row", 1);
    }
    return rows.isEmpty() ? Optional.empty() : Optional.of(rows.getFirst());
  }

  /** The number of rows matching {@code criteria}. */
  public long count(CriteriaDefinition criteria, String name) {
    return fluent(criteria, name).count();
  }

  /** Whether a row matches {@code criteria}: {@code select 1 ... limit 1}. */
  public boolean exists(CriteriaDefinition criteria, String name) {
    return fluent(criteria, name).exists();
  }

  /**
   * The entities {@code query} selects: its criteria, sort, limit and offset; selected columns are
   * refused.
   */
  public List<T> findAll(Query query, String name) {
    if (!query.getColumns().isEmpty()) {
      throw new InvalidDataAccessApiUsageException(
          "criteria: Query.columns("
              + query.getColumns()
              + ") is not supported:"
              + " a repository returns whole entities (query by example's findBy(..., q -> q.as(Projection.class)) selects fewer)");
    }
    var where = CriteriaWhere.of(query.getCriteria().orElse(CriteriaDefinition.empty()), mapping);
    if (query.getSort().isUnsorted() && !query.isLimited() && query.getOffset() <= 0) {
      return template.query(
          Statement.named(
              name,
              results.select(results.forType(mapping.type()), where.where()),
              where.arguments().toArray()),
          mapping,
          Integer.MAX_VALUE);
    }
    var selectList = results.forType(mapping.type()).selectList();
    var orderBy = SortSql.orderBy(query.getSort(), mapping);
    var sql =
        new StringBuilder(
                32
                    + selectList.length()
                    + mapping.table().length()
                    + where.where().length()
                    + orderBy.length())
            .append("select ")
            .append(selectList)
            .append(" from ")
            .append(mapping.table())
            .append(where.where())
            .append(orderBy);
    boolean limit = query.isLimited();
    boolean offset = query.getOffset() > 0;
    var arguments =
        where
            .arguments()
            .toArray(
                new @Nullable
                    Object[where.arguments().size() + (limit ? 1 : 0) + (offset ? 1 : 0)]);
    int next = where.arguments().size();
    if (limit) {
      sql.append(" limit ?");
      arguments[next++] = (long) query.getLimit();
    }
    if (offset) {
      sql.append(" offset ?");
      arguments[next] = query.getOffset();
    }
    return template.query(
        Statement.named(name, sql.toString(), arguments), mapping, Integer.MAX_VALUE);
  }

  private FluentExampleQuery<T> fluent(CriteriaDefinition criteria, String name) {
    return new FluentExampleQuery<>(
        template, name, mapping, results, CriteriaWhere.of(criteria, mapping));
  }
}
