package io.kitesql.sample;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.sample.orders.Order;
import io.kitesql.sample.orders.OrderRepository;
import io.kitesql.sample.orders.OrderStatuses;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** {@code GET /orders}: the Table 1 query over HTTP against the same filter applied in Java. */
class OrdersHttpTests extends SampleAppHttpTest {
  /** The answer as the client reads it. */
  record ResultJson(
      int customer, String status, BigDecimal minAmount, int count, List<LineJson> orders) {}

  /** An order line as the client reads it. */
  record LineJson(long id, String status, BigDecimal amount, @Nullable String note) {}

  /** A customer no demo order has. */
  private static final int CUSTOMER = 9_001;

  @Autowired OrderRepository orders;

  @BeforeEach
  void ordersOfOneCustomer() {
    if (!orders.findAll().stream().anyMatch(o -> o.customerId() == CUSTOMER)) {
      var mine = new ArrayList<Order>();
      for (int i = 0; i < 25; i++) {
        var note = i % 7 == 0 ? null : "order " + i + " ✈ \"note\"";
        mine.add(
            new Order(
                null,
                CUSTOMER,
                OrderStatuses.ALL.get(i % 3),
                new BigDecimal("10.00").multiply(BigDecimal.valueOf(i)),
                note));
      }
      orders.saveAll(mine);
    }
  }

  /** What the query must answer, filtered here from every order in the table. */
  private List<LineJson> expected(int customer, String status, BigDecimal minAmount) {
    return orders.findAll().stream()
        .filter(
            o ->
                o.customerId() == customer
                    && o.status().equals(status)
                    && o.amount().compareTo(minAmount) > 0)
        .map(
            o ->
                new LineJson(
                    Objects.requireNonNull(o.id()),
                    o.status(),
                    o.amount(),
                    o.note() == null ? null : o.note().toString()))
        .sorted(Comparator.comparingLong(LineJson::id))
        .toList();
  }

  private ResultJson query(int customer, String status, String minAmount) {
    var response =
        get("/orders?customer=" + customer + "&status=" + status + "&minAmount=" + minAmount);
    assertThat(response.statusCode()).isEqualTo(200);
    return JSON.readValue(response.body(), ResultJson.class);
  }

  private static List<LineJson> byId(List<LineJson> lines) {
    return lines.stream().sorted(Comparator.comparingLong(LineJson::id)).toList();
  }

  @Test
  void theTestsOwnOrdersAreFilteredByCustomerStatusAndAmount() {
    for (var status : List.of("new", "paid", "shipped", "done")) {
      for (var minAmount : List.of("0", "55.5", "120", "240", "1000")) {
        var result = query(CUSTOMER, status, minAmount);
        var expected = expected(CUSTOMER, status, new BigDecimal(minAmount));
        assertThat(byId(result.orders())).as("%s above %s", status, minAmount).isEqualTo(expected);
        assertThat(result.count()).isEqualTo(expected.size());
        assertThat(result.customer()).isEqualTo(CUSTOMER);
        assertThat(result.status()).isEqualTo(status);
      }
    }
    // the data is not trivial: some answers have rows, some notes are null
    assertThat(expected(CUSTOMER, "new", BigDecimal.ZERO))
        .hasSize(8)
        .anyMatch(l -> l.note() == null);
  }

  @Test
  void theDemoOrdersToo() {
    int nonEmpty = 0;
    for (int customer = 1; customer <= DEMO_CUSTOMERS; customer++) {
      for (var status : OrderStatuses.ALL) {
        var result = query(customer, status, "300");
        var expected = expected(customer, status, new BigDecimal("300"));
        assertThat(byId(result.orders())).isEqualTo(expected);
        nonEmpty += expected.isEmpty() ? 0 : 1;
      }
    }
    assertThat(nonEmpty).isPositive();
  }

  @Test
  void aMinAmountOutOfRangeIsABadRequestProblem() {
    for (var minAmount :
        List.of("1E+50000000", "10000000000", "-10000000000", "1E-99999999", "0.00000000001")) {
      var response = get("/orders?customer=" + CUSTOMER + "&status=new&minAmount=" + minAmount);
      assertThat(response.statusCode()).as(minAmount).isEqualTo(400);
      assertThat(response.headers().firstValue("Content-Type"))
          .hasValue("application/problem+json");
      Map<?, ?> problem = JSON.readValue(response.body(), Map.class);
      assertThat(problem.get("parameter")).isEqualTo("minAmount");
      assertThat(problem.get("detail"))
          .isEqualTo(
              "minAmount must have at most 10 digits before the decimal point and 10 after it.");
    }
    // At the edges of the range, and a fine scale that is only trailing zeros: answered.
    for (var minAmount : List.of("9999999999.99", "-9999999999.99", "55.5000000000000000")) {
      var result = query(CUSTOMER, "new", minAmount);
      assertThat(byId(result.orders()))
          .as(minAmount)
          .isEqualTo(expected(CUSTOMER, "new", new BigDecimal(minAmount)));
    }
  }

  @Test
  void aMissingParameterIsABadRequestProblem() {
    var response = get("/orders?customer=1");
    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.headers().firstValue("Content-Type")).hasValue("application/problem+json");
  }
}
