package io.kitesql.data.repository;

import java.util.List;

public interface ProductRepository extends KiteSqlRepository<Product, Long> {
  /** The atomic read-modify-write: succeeds only while stock remains. */
  @Modifying
  @Query("update products set stock = stock - 1 where id = :id and stock > 0")
  int takeOne(long id);

  List<Product> findByName(String name);

  List<Product> findByNameStartingWith(String prefix);

  List<Product> findByNameContainingIgnoreCase(String infix);

  @Query("select * from products where name = :name")
  List<Product> withName(String name);

  @Query("select * from products where name = ?")
  List<Product> withNamePositional(String name);
}
