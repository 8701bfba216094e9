package io.kitesql.boot.testapp;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A note whose text fields borrow the LMDB map inside a read-only transaction ({@code String}
 * fields would be copies).
 */
@Table("notes")
public record Note(@Id Long id, CharSequence author, CharSequence body) {}
