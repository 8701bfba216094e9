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

  /**
   * Digits {@code minAmount} may have before the point: {@code amount} is {@code decimal(12, 2)}.
   */
  static final int MAX_INTEGER_DIGITS = 10;

  /**
   * Digits {@code minAmount} may have after the point (more than the column's 2 compare exactly).
   */
  static final int MAX_FRACTION_DIGITS = 10;

  /**
   * The matching orders; a missing, malformed or out-of-range parameter is a 400 problem detail.
   */
  @GetMapping("/orders")
  ResponseEntity<StreamingResponseBody> orders(
      @RequestParam int customer,
      @RequestParam String status,
      @RequestParam(defaultValue = "0") BigDecimal minAmount) {
    checkRange(minAmount);
    StreamingResponseBody body = out -> queries.writeOrders(customer, status, minAmount, out);
    return ResponseEntity.ok().contentType(MediaType.APPLICATION_JSON).body(body);
  }

  /**
   * Refuses a {@code minAmount} beyond any amount's range, or finer than any sensible amount,
   * before it reaches the database. Decided from precision and scale alone: {@code 1E+50000000}
   * costs nothing to refuse, while expanding it would.
   */
  static void checkRange(BigDecimal minAmount) {
    var value =
        minAmount.scale() > MAX_FRACTION_DIGITS ? minAmount.stripTrailingZeros() : minAmount;
    long integerDigits = (long) value.precision() - value.scale();
    if (integerDigits > MAX_INTEGER_DIGITS || value.scale() > MAX_FRACTION_DIGITS) {
      throw new InvalidOrderQueryException(
          "minAmount",
          "minAmount must have at most "
              + MAX_INTEGER_DIGITS
              + " digits before the decimal point and "
              + MAX_FRACTION_DIGITS
              + " after it.");
    }
  }
}
