package io.kitesql.data.example;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * An entity for queries by example: text read as borrowed {@code CharSequence}s, boxed values that
 * may be unset.
 */
@Table("authors")
public record Author(
    @Id Long id,
    CharSequence name,
    CharSequence city,
    String email,
    Integer karma,
    Boolean active) {}
