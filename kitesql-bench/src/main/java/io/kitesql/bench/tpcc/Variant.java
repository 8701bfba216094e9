package io.kitesql.bench.tpcc;

/**
 * Which TPC-C is run. {@link #UPSTREAM} copies the Rust harness with its quirks, so that a ratio to
 * SQLite compares with the published one; {@link #SPECIFICATION} drops them.
 */
public enum Variant {
  /**
   * The harness as published: New-Order, Payment, Order-Status and Stock-Level draw districts 1–9
   * only (an exclusive range); orders have 5–14 lines, each of quantity 1–9; Payment selects by
   * last name for 59 of 99 draws and Order-Status for 60; Order-Status reads the last order of the
   * customer id it drew (also when it found a customer by name) and only its first line;
   * Stock-Level reads the first row of its DISTINCT and counts stock with that item id truncated to
   * a byte; about 90% of items are "original", every customer has credit "BC" (so Payment always
   * reads and rewrites {@code c_data}, unchanged); order-line amounts are 0.00 (its amount
   * arithmetic ends in a value below a cent). Independent of the variant, the driver copies every
   * text read into a {@code String} as the harness does, except in the read-only columns.
   */
  UPSTREAM,
  /**
   * Districts 1–10, 5–15 order lines of quantity 1–10, 60% of Payments and Order-Statuses by last
   * name, Order-Status of the customer found and all its lines, the Stock-Level join over the last
   * 20 orders' lines, 10% "original" items, 10% "BC" customers whose {@code c_data} gets the
   * payment prepended, real order-line amounts and taxes of 0–20%.
   */
  SPECIFICATION;

  /** Districts a transaction draws from: 1 up to this, exclusive. */
  int districtBound() {
    return this == UPSTREAM ? Tpcc.DISTRICTS : Tpcc.DISTRICTS + 1;
  }

  /** Order lines per order: 5 up to this, exclusive. */
  int lineCountBound() {
    return this == UPSTREAM ? 15 : 16;
  }

  /** Item quantity of a New-Order line: 1 up to this, exclusive. */
  int quantityBound() {
    return this == UPSTREAM ? 10 : 11;
  }
}
