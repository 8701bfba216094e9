package com.example.posts;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A post of a comment thread. The annotations are Spring Data Relational's, so the same class is an
 * entity for KiteSQL and for Spring Data JDBC. On KiteSQL, inside a read-only transaction, the
 * {@code CharSequence} fields are views of the LMDB map; on Spring Data JDBC they are {@code String}s.
 */
@Table("posts")
public record Post(@Id Long id, long threadId, Long parentId, CharSequence author, CharSequence body) {

  /** A new post: the store assigns its id (the table's identity column). */
  public static Post of(long threadId, Long parentId, String author, String body) {
    return new Post(null, threadId, parentId, author, body);
  }
}
