package com.example.notes;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A note, stored in KiteSQL; its text borrows the LMDB map inside {@code @ReadOnlyTxn}. */
@Table("notes")
public record Note(@Id Long id, CharSequence title, CharSequence body) {}
