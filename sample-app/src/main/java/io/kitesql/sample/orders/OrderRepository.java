package io.kitesql.sample.orders;

import java.math.BigDecimal;
import java.util.List;
import org.springframework.data.repository.ListCrudRepository;

/** The {@code orders} table. */
public interface OrderRepository extends ListCrudRepository<Order, Long> {
  /**
   * The article's Table 1 query, derived from the name: {@code select id, status, amount, note from
   * orders where customer_id = ? and status = ? and amount > ?}, served by the index {@code
   * orders_customer_status}.
   */
  List<OrderLine> findByCustomerIdAndStatusAndAmountGreaterThan(
      int customerId, String status, BigDecimal minAmount);
}
