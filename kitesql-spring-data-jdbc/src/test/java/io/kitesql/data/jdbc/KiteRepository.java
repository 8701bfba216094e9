package io.kitesql.data.jdbc;

import java.util.List;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jdbc.repository.query.Modifying;
import org.springframework.data.jdbc.repository.query.Query;
import org.springframework.data.relational.core.sql.LockMode;
import org.springframework.data.relational.repository.Lock;
import org.springframework.data.repository.ListCrudRepository;
import org.springframework.data.repository.ListPagingAndSortingRepository;

/** Spring Data JDBC's repository interfaces, derived queries, a @Query and a pessimistic lock. */
interface KiteRepository
    extends ListCrudRepository<Kite, Long>, ListPagingAndSortingRepository<Kite, Long> {

  List<Kite> findByMakerOrderByPriceDesc(String maker);

  Page<Kite> findByMaker(String maker, Pageable pageable);

  List<Kite> findByNameStartingWithOrderById(String prefix);

  long countByMaker(String maker);

  boolean existsByName(String name);

  @Lock(LockMode.PESSIMISTIC_WRITE)
  List<Kite> findByMakerOrderById(String maker);

  @Modifying
  @Query("update kites set price = price * 2 where maker = :maker")
  int doublePrices(String maker);
}
