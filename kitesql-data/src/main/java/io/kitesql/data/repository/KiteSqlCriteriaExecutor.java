package io.kitesql.data.repository;

import java.util.List;
import java.util.Optional;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;
import org.springframework.data.relational.core.query.Criteria;
import org.springframework.data.relational.core.query.CriteriaDefinition;
import org.springframework.data.relational.core.query.Query;

/**
 * A repository fragment for dynamic queries with Spring Data Relational's {@link Criteria} and
 * {@link Query}, the types Spring Data JDBC's {@code JdbcAggregateTemplate.findAll(Query, Class)}
 * and Spring Data R2DBC's template take. A repository interface adds it beside {@link
 * KiteSqlRepository}: {@code interface AuthorRepository extends KiteSqlRepository<Author, Long>,
 * KiteSqlCriteriaExecutor<Author>}.
 *
 * <p>A criterion names a property ({@code "city"}, an embedded value's {@code "home.city"}, or the
 * type-safe {@code Criteria.where(Author::city)}) or a mapped column's name; every value is bound
 * as a statement parameter. A chain's {@code and}/{@code or} follow SQL precedence, as Spring Data
 * Relational renders them ({@code and} before {@code or}); {@code Criteria.and(criteria)} and
 * {@code or(criteria)} add a parenthesised group. What cannot be translated (an unknown property,
 * {@code ignoreCase} on a property that is not text, {@code Query.columns}) is refused with {@code
 * InvalidDataAccessApiUsageException} naming it.
 *
 * @param <T> the repository's entity type
 */
public interface KiteSqlCriteriaExecutor<T> {
  /** The entities matching {@code criteria}; {@code Criteria.empty()} matches every row. */
  List<T> findAll(CriteriaDefinition criteria);

  /** The entities matching {@code criteria}, in {@code sort}'s order. */
  List<T> findAll(CriteriaDefinition criteria, Sort sort);

  /** One page of the entities matching {@code criteria}, with the total count of matches. */
  Page<T> findAll(CriteriaDefinition criteria, Pageable pageable);

  /**
   * The entities {@code query} selects: its criteria, sort, limit and offset.
   *
   * @throws org.springframework.dao.InvalidDataAccessApiUsageException if it selects columns
   */
  List<T> findAll(Query query);

  /**
   * The one entity matching {@code criteria}, or empty.
   *
   * @throws org.springframework.dao.IncorrectResultSizeDataAccessException if several match
   */
  Optional<T> findOne(CriteriaDefinition criteria);

  /** The number of rows matching {@code criteria}. */
  long count(CriteriaDefinition criteria);

  /** Whether any row matches {@code criteria}. */
  boolean exists(CriteriaDefinition criteria);
}
