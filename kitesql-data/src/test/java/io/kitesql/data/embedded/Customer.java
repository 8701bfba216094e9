package io.kitesql.data.embedded;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Embedded;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A customer with two embedded addresses: {@code home} reads as null when its columns are all NULL,
 * {@code work} as an empty {@link Address}.
 */
@Table("customers")
public record Customer(
    @Id Long id,
    CharSequence name,
    @Embedded.Nullable(prefix = "home_") Address home,
    @Embedded.Empty(prefix = "work_") Address work) {}
