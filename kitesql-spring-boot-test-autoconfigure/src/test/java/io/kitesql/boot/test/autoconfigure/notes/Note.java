package io.kitesql.boot.test.autoconfigure.notes;

import org.jspecify.annotations.Nullable;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A note; its text borrows the LMDB map when read in a read-only transaction. */
@Table("notes")
public record Note(@Id @Nullable Long id, CharSequence author, CharSequence body) {}
