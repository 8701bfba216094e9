package io.kitesql.data.embedded;

import io.kitesql.data.repository.KiteSqlRepository;
import io.kitesql.data.repository.Query;
import java.util.List;
import java.util.Optional;
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

  List<CustomerAddresses> findAddressesByWorkCityOrderByIdAsc(String city);

  List<CustomerHome> findHomesByHomeZipIsNotNullOrderByIdAsc();

  @Query(
      "select name, work_street, home_zip, home_city, home_street, work_zip, work_city"
          + " from customers order by id")
  List<CustomerAddresses> allAddresses();

  @Query("select home_street, home_city, home_zip, name from customers where id = :id")
  Optional<CustomerHome> homeOf(long id);

  @Query("select name, home_street, home_city from customers where id = :id")
  Optional<CustomerHome> homeWithoutZip(long id);
}
