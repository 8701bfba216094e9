package io.kitesql.data.lifecycle;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** An entity whose id a BeforeConvertCallback assigns. */
@Table("tickets")
public record Ticket(@Id Long id, CharSequence title, String status) {
  public Ticket withId(Long id) {
    return new Ticket(id, title, status);
  }
}
