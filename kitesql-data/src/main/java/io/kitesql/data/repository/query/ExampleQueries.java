package io.kitesql.data.repository.query;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.mapping.EntityMapping;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import org.springframework.data.domain.Example;
import org.springframework.data.repository.query.FluentQuery;

/**
 * Queries by example over one entity's table, made once per repository: each call turns its
 * {@link Example} into {@link ExampleCriteria} and runs a {@link FluentExampleQuery}, whose
 * statements are named {@code Repository.operation} ({@code OrderRepository.findAll}).
 */
public final class ExampleQueries {
  private final KiteSqlTemplate template;
  private final String repositoryName;
  private final EntityMapping<?> mapping;
  private final ResultMappers results;

  public ExampleQueries(KiteSqlTemplate template, String repositoryName, KiteSqlMappingContext context, EntityMapping<?> mapping) {
    this.template = template;
    this.repositoryName = repositoryName;
    this.mapping = mapping;
    this.results = new ResultMappers(context, mapping);
  }

  /** The fluent query of {@code example}, its statements named after {@code operation}. */
  public <S> FluentQuery.FetchableFluentQuery<S> query(Example<S> example, String operation) {
    return new FluentExampleQuery<>(template, repositoryName + "." + operation, mapping, results, ExampleCriteria.of(example, mapping));
  }
}
