package io.kitesql.bench.repository;

import io.kitesql.data.repository.KiteSqlRepository;
import java.util.List;

/**
 * Table 5's repository: the article's Table 1 lookup as a derived query. One interface for both
 * stores. It extends {@link KiteSqlRepository} because spring-data-jdbc on the class path puts
 * Spring Data in strict multi-store mode, where KiteSQL claims only repositories of its own type;
 * Spring Data JDBC claims it for the {@code @Table} on {@link Order} and implements the inherited
 * CRUD and paging methods with its own base class.
 */
public interface OrderRepository extends KiteSqlRepository<Order, Integer> {

  /** {@code select id, note from orders where customer_id = ? and status = ? and amount > ?}. */
  List<OrderNote> findByCustomerIdAndStatusAndAmountGreaterThan(
      int customerId, String status, int amount);
}
