package io.kitesql.sample.threads;

import org.jspecify.annotations.Nullable;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A row of {@code threads}: a discussion whose posts form a reply tree. The id is null until the
 * identity column assigns one on insert.
 */
@Table("threads")
public record DiscussionThread(@Id @Nullable Long id, CharSequence title) {}
