package io.kitesql.data.embedded;

import io.kitesql.data.repository.KiteSqlRepository;
import java.util.List;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.Sort;

public interface CustomerRepository extends KiteSqlRepository<Customer, Long> {
  List<Customer> findByHomeCityOrderByIdAsc(CharSequence city);

  List<Customer> findByHomeCityIgnoreCaseAndWorkZipStartingWithOrderByIdAsc(
      String city, String zipPrefix);

  long countByHomeZipIsNull();

  List<Customer> findByWorkCityIsNotNull(Sort sort);

  Page<Customer> findByWorkCity(String city, Pageable pageable);

  List<Customer> findByWorkCityOrderByHomeCityDescIdAsc(String city);
}
