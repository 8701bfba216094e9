package io.kitesql.data.references;

import io.kitesql.data.embedded.Address;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Embedded;
import org.springframework.data.relational.core.mapping.Table;

/** An aggregate that {@link Book}s refer to by id. */
@Table("writers")
public record Writer(
    @Id Long id, CharSequence name, @Embedded.Nullable(prefix = "home_") Address home) {}
