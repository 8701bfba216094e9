package com.example.posts;

import java.time.Instant;
import org.springframework.data.annotation.CreatedBy;
import org.springframework.data.annotation.CreatedDate;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A moderation flag on a post: audited ({@code @CreatedDate}, {@code @CreatedBy}) and its reason
 * normalized by {@link FlagCallbacks}, the same way on KiteSQL and on Spring Data JDBC.
 */
@Table("flags")
public record Flag(@Id Long id, long postId, CharSequence reason, @CreatedDate Instant createdAt, @CreatedBy String createdBy) {

  /** A new flag: the store assigns its id, auditing its creation time and author. */
  public static Flag of(long postId, String reason) {
    return new Flag(null, postId, reason, null, null);
  }

  public Flag withReason(CharSequence reason) {
    return new Flag(id, postId, reason, createdAt, createdBy);
  }

  public Flag withCreatedAt(Instant createdAt) {
    return new Flag(id, postId, reason, createdAt, createdBy);
  }

  public Flag withCreatedBy(String createdBy) {
    return new Flag(id, postId, reason, createdAt, createdBy);
  }
}
