package io.kitesql.sample.orders;

import java.util.List;

/** The statuses an order goes through, as the article names them. */
public final class OrderStatuses {
  /** Every status, in the order an order passes them ({@code void} is a cancelled one). */
  public static final List<String> ALL = List.of("new", "paid", "shipped", "done", "void");

  private OrderStatuses() {}
}
