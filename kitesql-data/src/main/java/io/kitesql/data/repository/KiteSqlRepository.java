package io.kitesql.data.repository;

import org.springframework.data.repository.ListCrudRepository;
import org.springframework.data.repository.ListPagingAndSortingRepository;
import org.springframework.data.repository.NoRepositoryBean;

/**
 * A KiteSQL repository: CRUD, sorting and paging over one entity type, plus the derived and
 * {@code @Query} methods the application declares. Extending it (rather than {@code
 * ListCrudRepository} alone) tells Spring Data that the repository is KiteSQL's when several
 * stores are in one application.
 *
 * <p>Every method runs in a transaction: the current Spring one, or, with none bound, a short one
 * of its own whose results are owned copies. Inside a read-only transaction ({@code @ReadOnlyTxn})
 * text read into {@code CharSequence} properties borrows the LMDB map until the transaction ends.
 */
@NoRepositoryBean
public interface KiteSqlRepository<T, ID> extends ListCrudRepository<T, ID>, ListPagingAndSortingRepository<T, ID> {}
