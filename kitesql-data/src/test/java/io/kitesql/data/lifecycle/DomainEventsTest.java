package io.kitesql.data.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * Domain events of an {@code AbstractAggregateRoot} published by {@code save*} and {@code delete*}
 * repository methods, and cleared afterwards ({@code @AfterDomainEventPublication}).
 */
@SpringJUnitConfig(DomainEventsTest.Config.class)
class DomainEventsTest {
  static final List<Shipment.Shipped> SHIPPED = new CopyOnWriteArrayList<>();

  @Configuration
  static class Config extends LifecycleSchema {
    @Bean
    Listener listener() {
      return new Listener();
    }
  }

  static class Listener {
    @EventListener
    void on(Shipment.Shipped event) {
      SHIPPED.add(event);
    }
  }

  @Autowired ShipmentRepository shipments;

  @BeforeEach
  void clear() {
    shipments.deleteAll();
    SHIPPED.clear();
  }

  @Test
  void savePublishesTheRegisteredEventsOnceAndClearsThem() {
    var shipment = new Shipment(1L, "12 Kite Street", false).ship();
    shipments.save(shipment);
    assertThat(SHIPPED).containsExactly(new Shipment.Shipped(1L, "12 Kite Street"));
    assertThat(shipments.findById(1L).orElseThrow().isShipped()).isTrue();
    shipments.save(shipment); // the events were cleared after publication
    assertThat(SHIPPED).hasSize(1);
  }

  @Test
  void saveAllAndDeletePublishEveryAggregatesEvents() {
    var first = new Shipment(1L, "1 Wind Road", false);
    var second = new Shipment(2L, "2 Gust Lane", false);
    shipments.saveAll(List.of(first.ship(), second.ship()));
    assertThat(SHIPPED)
        .containsExactly(
            new Shipment.Shipped(1L, "1 Wind Road"), new Shipment.Shipped(2L, "2 Gust Lane"));
    SHIPPED.clear();
    var third = new Shipment(3L, "3 Breeze Way", false);
    shipments.save(third);
    shipments.delete(third.ship());
    assertThat(SHIPPED).containsExactly(new Shipment.Shipped(3L, "3 Breeze Way"));
    assertThat(shipments.existsById(3L)).isFalse();
  }
}
