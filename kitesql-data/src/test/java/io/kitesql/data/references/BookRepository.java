package io.kitesql.data.references;

import io.kitesql.data.repository.KiteSqlRepository;
import java.util.List;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Slice;
import org.springframework.data.jdbc.core.mapping.AggregateReference;

public interface BookRepository extends KiteSqlRepository<Book, Long> {
  List<Book> findByWriterNameOrderByIdAsc(String name);

  List<Book> findByWriterNameStartingWithIgnoreCaseAndTitleContainingOrderByIdAsc(
      String namePrefix, String titleFragment);

  List<Book> findByWriterHomeCityOrWriterNameIsNullOrderByIdAsc(String city);

  long countByWriterNameIn(List<String> names);

  Slice<Book> findByWriterNameNot(String name, Pageable pageable);

  List<Book> findByWriterOrderByIdAsc(AggregateReference<Writer, Long> writer);

  List<Book> findByWriterIdOrderByIdAsc(long writerId);
}
