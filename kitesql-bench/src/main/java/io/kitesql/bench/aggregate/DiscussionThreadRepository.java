package io.kitesql.bench.aggregate;

import io.kitesql.data.repository.KiteSqlRepository;

/**
 * The aggregate's repository, one interface for both stores: it extends {@link KiteSqlRepository}
 * for Spring Data's strict multi-store mode, as the bench's {@code OrderRepository} does; Spring
 * Data JDBC claims it for the {@code @Table} on {@link DiscussionThread}.
 */
public interface DiscussionThreadRepository extends KiteSqlRepository<DiscussionThread, Long> {}
