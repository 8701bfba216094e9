package io.kitesql.data.repository.query;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.data.domain.Example;
import org.springframework.data.repository.query.FluentQuery;

/**
 * Queries by example over one entity's table, made once per repository: each call turns its {@link
 * Example} into {@link ExampleCriteria} and runs a {@link FluentExampleQuery}.
 */
public final class ExampleQueries {
  private final KiteSqlTemplate template;
  private final EntityMapping<?> mapping;
  private final ResultMappers results;

  /** The WHERE clauses of the example shapes seen, so that a repeated shape writes no SQL. */
  private final Map<Object, String> wheres = new ConcurrentHashMap<>();

  /**
   * @param context the mapping context DTO projections are read through
   */
  public ExampleQueries(
      KiteSqlTemplate template, KiteSqlMappingContext context, EntityMapping<?> mapping) {
    this.template = template;
    this.mapping = mapping;
    this.results = new ResultMappers(context, mapping);
  }

  /**
   * The fluent query of {@code example}, its statements named {@code statementName} ({@code
   * OrderRepository.findAll}).
   */
  public <S> FluentQuery.FetchableFluentQuery<S> query(Example<S> example, String statementName) {
    return new FluentExampleQuery<>(
        template, statementName, mapping, results, ExampleCriteria.of(example, mapping, wheres));
  }
}
