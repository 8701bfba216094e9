package io.kitesql.sample.orders;

import io.kitesql.data.transaction.ReadOnlyTxn;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.util.List;
import org.springframework.stereotype.Service;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.ObjectWriter;
import tools.jackson.databind.json.JsonMapper;

/** Runs the Table 1 query and writes its rows as JSON while the read transaction lives. */
@Service
public class OrderQueryService {
  private final OrderRepository orders;
  private final ObjectWriter json;

  OrderQueryService(OrderRepository orders, JsonMapper jsonMapper) {
    this.orders = orders;
    this.json = jsonMapper.writer().without(StreamWriteFeature.AUTO_CLOSE_TARGET);
  }

  /**
   * The JSON answer of {@code GET /orders}.
   *
   * @param customer the customer asked for
   * @param status the status asked for
   * @param minAmount the amount orders must exceed
   * @param count how many orders matched
   * @param orders the matching orders (notes borrowed from the map while they are written)
   */
  public record OrderQueryResult(
      int customer, String status, BigDecimal minAmount, int count, List<OrderLine> orders) {}

  /**
   * Writes the orders of {@code customer} in {@code status} above {@code minAmount} to {@code out}.
   */
  @ReadOnlyTxn
  public void writeOrders(int customer, String status, BigDecimal minAmount, OutputStream out) {
    var found = orders.findByCustomerIdAndStatusAndAmountGreaterThan(customer, status, minAmount);
    json.writeValue(out, new OrderQueryResult(customer, status, minAmount, found.size(), found));
  }
}
