package io.kitesql.data.references;

import org.springframework.data.annotation.Id;
import org.springframework.data.jdbc.core.mapping.AggregateReference;
import org.springframework.data.relational.core.mapping.Table;

/** A book that refers to its {@link Writer}, another aggregate, by id. */
@Table("books")
public record Book(@Id Long id, CharSequence title, AggregateReference<Writer, Long> writer) {}
