package io.kitesql.data.replytree;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * The article's post: text fields are CharSequence, so inside a read-only transaction they borrow
 * the map.
 */
@Table("posts")
public record Post(
    @Id Long id, long threadId, Long parentId, CharSequence user, CharSequence body) {}
