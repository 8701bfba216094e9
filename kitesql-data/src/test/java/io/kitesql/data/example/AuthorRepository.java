package io.kitesql.data.example;

import io.kitesql.data.repository.KiteSqlRepository;
import java.util.List;

public interface AuthorRepository extends KiteSqlRepository<Author, Long> {
  /** The derived query a query by example of a city is measured against. */
  List<Author> findByCity(CharSequence city);
}
