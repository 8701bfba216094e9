package io.kitesql.boot.testapp;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A note whose body borrows the LMDB map inside a read-only transaction. */
@Table("notes")
public record Note(@Id Long id, String author, CharSequence body) {}
