package com.example.inventory;

import java.util.List;
import org.springframework.data.repository.ListCrudRepository;

/** Items, through Spring Data's interfaces; {@code findByStatus} runs on the index the second changeSet created. */
public interface ItemRepository extends ListCrudRepository<Item, Integer> {
  List<Item> findByStatusOrderByIdAsc(String status);
}
