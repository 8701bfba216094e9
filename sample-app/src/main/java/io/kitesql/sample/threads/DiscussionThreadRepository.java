package io.kitesql.sample.threads;

import org.springframework.data.repository.ListCrudRepository;

/** The {@code threads} table; a KiteSQL repository because KiteSQL is the application's only store. */
public interface DiscussionThreadRepository extends ListCrudRepository<DiscussionThread, Long> {}
