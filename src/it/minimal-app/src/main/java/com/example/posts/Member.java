package com.example.posts;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Embedded;
import org.springframework.data.relational.core.mapping.Table;

/**
 * A member of the forum with an embedded home ({@code home_city}, {@code home_country}): null when
 * both columns are, on KiteSQL and on Spring Data JDBC alike.
 */
@Table("members")
public record Member(@Id Long id, CharSequence handle, @Embedded.Nullable(prefix = "home_") Location home) {

  /** A new member: the store assigns its id. */
  public static Member of(String handle, Location home) {
    return new Member(null, handle, home);
  }
}
