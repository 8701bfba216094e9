package io.kitesql.data.criteria;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Embedded;
import org.springframework.data.relational.core.mapping.Table;

/**
 * An entity for criteria queries: borrowed text, boxed values that may be unset, an embedded
 * address.
 */
@Table("members")
public record Member(
    @Id Long id,
    CharSequence name,
    CharSequence city,
    Integer karma,
    Boolean active,
    @Embedded.Nullable(prefix = "home_") Place home) {}
