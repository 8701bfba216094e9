package io.kitesql.boot.scans;

import io.kitesql.data.repository.KiteSqlRepository;
import io.kitesql.data.repository.Query;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;

/** Query methods of each kind; the test says which of them read every row to test a predicate. */
public interface ItemRepository extends KiteSqlRepository<Item, Long> {
  // served by a key or an index
  List<Item> findByCode(String code);

  List<Item> findByCodeIn(Collection<String> codes);

  List<Item> findByCodeStartingWith(String prefix);

  Optional<Item> findFirstByOrderByIdDesc();

  List<Item> findTop3ByCodeOrderByIdDesc(String code);

  // every row by design
  List<Item> findAllByOrderByNameAsc();

  Page<Item> findAllByOrderByPriceDesc(Pageable pageable);

  // the inner side of an index lookup join
  @Query("select i.* from owners o join items i on i.owner_id = o.id where o.id = ?")
  List<Item> itemsOfOwner(long ownerId);

  // a predicate no index serves
  List<Item> findByName(String name);

  List<Item> findByPriceGreaterThanAndName(int price, String name);

  long countByPriceBetween(int low, int high);

  Page<Item> findByName(String name, Pageable pageable);

  List<Item> findByNameIgnoreCase(String name);
}
