package com.example.posts;

import java.math.BigDecimal;
import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A tip paid on a post: a DECIMAL(12, 2) amount, compared with decimal parameters by {@link TipRepository}. */
@Table("tips")
public record Tip(@Id Long id, long postId, BigDecimal amount) {

  /** A new tip: the store assigns its id. */
  public static Tip of(long postId, String amount) {
    return new Tip(null, postId, new BigDecimal(amount));
  }
}
