package io.kitesql.sample.orders;

import java.math.BigDecimal;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/** {@code GET /orders?customer=…&status=…&minAmount=…}: the article's Table 1 query. */
@RestController
public class OrderController {
  private final OrderQueryService queries;

  OrderController(OrderQueryService queries) {
    this.queries = queries;
  }

  /** The matching orders; a missing or malformed parameter is a 400 problem detail. */
  @GetMapping("/orders")
  ResponseEntity<StreamingResponseBody> orders(
      @RequestParam int customer, @RequestParam String status, @RequestParam(defaultValue = "0") BigDecimal minAmount) {
    StreamingResponseBody body = out -> queries.writeOrders(customer, status, minAmount, out);
    return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
  }
}
