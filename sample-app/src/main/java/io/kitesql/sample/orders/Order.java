package io.kitesql.sample.orders;

import java.math.BigDecimal;
import org.jspecify.annotations.Nullable;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A row of {@code orders}, the article's Table 1. {@code status} is a {@code String} (one of {@link
 * OrderStatuses#ALL}), {@code note} a {@code CharSequence} that borrows the map in a read-only
 * transaction.
 */
@Table("orders")
public record Order(
    @Id @Nullable Long id,
    int customerId,
    String status,
    BigDecimal amount,
    @Nullable CharSequence note) {}
