package io.kitesql.data.embedded;

/** The composite id of an {@link OrderLine}: the order's number and the line's. */
public record OrderLineId(long orderId, int line) {}
