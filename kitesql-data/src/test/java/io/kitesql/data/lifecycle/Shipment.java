package io.kitesql.data.lifecycle;

import org.springframework.data.annotation.Id;
import org.springframework.data.domain.AbstractAggregateRoot;
import org.springframework.data.relational.core.mapping.Table;

/** An aggregate root that registers a domain event when it is shipped. */
@Table("shipments")
public class Shipment extends AbstractAggregateRoot<Shipment> {
  /** Published when a shipment is saved after {@link #ship()}. */
  public record Shipped(long id, String address) {}

  @Id private Long id;
  private CharSequence address;
  private boolean shipped;

  public Shipment(Long id, CharSequence address, boolean shipped) {
    this.id = id;
    this.address = address;
    this.shipped = shipped;
  }

  public Shipment ship() {
    shipped = true;
    registerEvent(new Shipped(id, address.toString()));
    return this;
  }

  public Long getId() {
    return id;
  }

  public CharSequence getAddress() {
    return address;
  }

  public boolean isShipped() {
    return shipped;
  }
}
