package io.kitesql.bench.springdata;

import io.kitesql.data.repository.KiteSqlRepository;
import java.util.Collection;
import java.util.List;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;

/**
 * Table 7's shapes that a derived query method expresses, one interface for both stores (it extends
 * {@link KiteSqlRepository} for Spring Data's strict multi-store mode, as the bench's {@code
 * OrderRepository} does). {@code findById}, {@code findAllById} and {@code findAll(Pageable)} are
 * inherited. Not here: the keyset {@code Window} (Spring Data JDBC's derived queries do not return
 * windows), {@code max} and the semi-join (they need {@code @Query}, i.e. the SQL of the raw
 * table).
 */
public interface ItemRepository extends KiteSqlRepository<Item, Integer> {

  /** A sorted page without its count: a {@code Slice} reads one row more instead of counting. */
  Slice<Item> findAllBy(Pageable pageable);

  List<Item> findByCategoryIn(Collection<Integer> categories);

  List<Item> findTop10ByOrderByIdDesc();

  List<Item> findByNameStartingWith(String prefix);

  List<Item> findByScoreOrName(int score, String name);

  List<Item> findByCategoryOrderById(int category);

  List<Item> findTop5ByCategoryAndScoreGreaterThanOrderByScoreAscIdAsc(int category, int score);

  boolean existsByCategory(int category);

  long countByCategory(int category);
}
