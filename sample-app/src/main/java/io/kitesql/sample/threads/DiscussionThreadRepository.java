package io.kitesql.sample.threads;

import org.springframework.data.repository.ListCrudRepository;

/**
 * The {@code threads} table; a KiteSQL repository because KiteSQL is the application's only store.
 */
public interface DiscussionThreadRepository extends ListCrudRepository<DiscussionThread, Long> {
  /**
   * Whether any thread has an id above {@code id}; with 0, whether there is any thread at all. A
   * range on the primary key, unlike {@code count()}, which reads the whole table.
   */
  boolean existsByIdGreaterThan(long id);
}
