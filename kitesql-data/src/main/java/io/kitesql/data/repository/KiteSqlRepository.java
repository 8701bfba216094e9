package io.kitesql.data.repository;

import org.springframework.data.repository.ListCrudRepository;
import org.springframework.data.repository.ListPagingAndSortingRepository;
import org.springframework.data.repository.NoRepositoryBean;
import org.springframework.data.repository.query.ListQueryByExampleExecutor;

/**
 * A KiteSQL repository: CRUD, sorting and paging over one entity type, plus the derived and
 * {@code @Query} methods the application declares. Extending it (rather than {@code
 * ListCrudRepository} alone) tells Spring Data that the repository is KiteSQL's when several stores
 * are in one application.
 *
 * <p>Every method runs in a transaction: the current Spring one, or, with none bound, a short one
 * of its own whose results are owned copies. Inside a read-only transaction ({@code @ReadOnlyTxn})
 * text read into {@code CharSequence} properties borrows the LMDB map until the transaction ends.
 *
 * <p>Queries by example ({@link ListQueryByExampleExecutor}) match a probe entity's set properties
 * with Spring Data's {@code ExampleMatcher} rules, every value bound as a parameter.
 */
@NoRepositoryBean
public interface KiteSqlRepository<T, ID>
    extends ListCrudRepository<T, ID>,
        ListPagingAndSortingRepository<T, ID>,
        ListQueryByExampleExecutor<T> {}
