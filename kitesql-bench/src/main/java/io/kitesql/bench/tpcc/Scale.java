package io.kitesql.bench.tpcc;

/**
 * How much is loaded for the one warehouse: {@link #FULL} is TPC-C's (and the harness's) scale;
 * smaller ones serve the tests and the smoke run.
 *
 * @param items rows of {@code item} and of {@code stock}
 * @param customersPerDistrict customers (and loaded orders) per district
 * @param firstNewOrder the first loaded order id that is undelivered (has a {@code new_orders} row)
 */
public record Scale(int items, int customersPerDistrict, int firstNewOrder) {

  /** 100,000 items, 3,000 customers and orders per district, orders 2,101–3,000 undelivered. */
  public static final Scale FULL = new Scale(100_000, 3_000, 2_101);

  /** A few thousand rows: every statement has rows to find, in a second of loading. */
  public static final Scale TINY = new Scale(2_000, 120, 85);

  /**
   * Last names are drawn from 0 up to this (inclusive): every one of them exists in every district.
   */
  int lastNameMax() {
    return Math.min(999, customersPerDistrict - 1);
  }
}
