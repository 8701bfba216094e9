package com.example.posts;

import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.Version;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A member's vote on a post, keyed by both ({@code primary key (post_id, member_id)}). Its version
 * says whether it is new (null) on both stores, as an assigned id cannot.
 */
@Table("votes")
public record Vote(@Id VoteId id, int value, @Version Integer version) {

  /** A new vote. */
  public static Vote of(long postId, long memberId, int value) {
    return new Vote(new VoteId(postId, memberId), value, null);
  }
}
