package io.kitesql.data.embedded;

import io.kitesql.data.repository.KiteSqlRepository;
import io.kitesql.data.repository.KiteSqlUpsertRepository;
import java.util.List;

public interface OrderLineRepository
    extends KiteSqlRepository<OrderLine, OrderLineId>, KiteSqlUpsertRepository<OrderLine> {
  List<OrderLine> findByIdOrderIdOrderByIdLineAsc(long orderId);

  long countByIdLineGreaterThan(int line);
}
