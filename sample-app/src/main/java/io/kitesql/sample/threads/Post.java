package io.kitesql.sample.threads;

import org.jspecify.annotations.Nullable;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A row of {@code posts}: a reply in a thread, to another post ({@code parentId}) or to the thread
 * itself (no parent). Text fields are {@code CharSequence}: read inside a read-only transaction
 * they are views of the LMDB map, not copies.
 */
@Table("posts")
public record Post(
    @Id @Nullable Long id,
    long threadId,
    @Nullable Long parentId,
    CharSequence user,
    CharSequence body) {}
