package io.kitesql.data.batch;

import org.springframework.data.annotation.Id;
import org.springframework.data.domain.AbstractAggregateRoot;
import org.springframework.data.relational.core.mapping.Table;

/** An aggregate root whose upsert publishes its domain events. */
@Table("parcels")
public class Parcel extends AbstractAggregateRoot<Parcel> {
  public record Sent(long id) {}

  @Id private final Long id;
  private final CharSequence address;

  public Parcel(Long id, CharSequence address) {
    this.id = id;
    this.address = address;
  }

  public Parcel send() {
    registerEvent(new Sent(id));
    return this;
  }

  public Long getId() {
    return id;
  }

  public CharSequence getAddress() {
    return address;
  }
}
