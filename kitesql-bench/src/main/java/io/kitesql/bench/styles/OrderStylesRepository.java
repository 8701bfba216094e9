package io.kitesql.bench.styles;

import io.kitesql.bench.repository.Order;
import io.kitesql.bench.repository.OrderNote;
import io.kitesql.data.repository.KiteSqlCriteriaExecutor;
import io.kitesql.data.repository.KiteSqlRepository;
import java.util.List;

/**
 * The Table 1 lookup asked four ways: two derived queries, and the query by example ({@code
 * findBy(Example, q -> q.as(OrderNote.class).all())}, inherited) and criteria query ({@code
 * findAll(Query)}, from {@link KiteSqlCriteriaExecutor}) each of them is equivalent to.
 */
public interface OrderStylesRepository
    extends KiteSqlRepository<Order, Integer>, KiteSqlCriteriaExecutor<Order> {

  /**
   * {@code select id, note from orders where customer_id = ? and status = ?}: what an example of
   * the two properties selects.
   */
  List<OrderNote> findByCustomerIdAndStatus(int customerId, String status);

  /**
   * {@code select * from orders where customer_id = ? and status = ? and amount > ?}, entities:
   * what the criteria query selects.
   */
  List<Order> findByCustomerIdAndStatusAndAmountGreaterThan(
      int customerId, String status, int amount);
}
