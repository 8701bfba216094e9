package io.kitesql.data.lifecycle;

import io.kitesql.data.repository.KiteSqlRepository;
import java.util.List;

public interface TicketRepository extends KiteSqlRepository<Ticket, Long> {
  List<Ticket> findByStatusOrderById(String status);
}
