package io.kitesql.data.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.value.Text;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.relational.core.mapping.event.AbstractRelationalEventListener;
import org.springframework.data.relational.core.mapping.event.AfterConvertCallback;
import org.springframework.data.relational.core.mapping.event.AfterDeleteCallback;
import org.springframework.data.relational.core.mapping.event.AfterDeleteEvent;
import org.springframework.data.relational.core.mapping.event.AfterSaveCallback;
import org.springframework.data.relational.core.mapping.event.AfterSaveEvent;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;
import org.springframework.data.relational.core.mapping.event.BeforeDeleteCallback;
import org.springframework.data.relational.core.mapping.event.BeforeDeleteEvent;
import org.springframework.data.relational.core.mapping.event.BeforeSaveCallback;
import org.springframework.data.relational.core.mapping.event.BeforeSaveEvent;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Spring Data Relational's entity callbacks and lifecycle events around KiteSQL repository calls,
 * in Spring Data JDBC's order; what the callbacks return is what is saved and returned.
 */
@SpringJUnitConfig(EntityCallbacksTest.Config.class)
class EntityCallbacksTest {
  static final List<String> CALLS = new CopyOnWriteArrayList<>();

  @Configuration
  static class Config extends LifecycleSchema {
    private final AtomicLong ids = new AtomicLong(100);

    /** Assigns ids: the common use of a BeforeConvertCallback. */
    @Bean
    BeforeConvertCallback<Ticket> assignId() {
      return ticket -> {
        CALLS.add("beforeConvert " + ticket.id());
        return ticket.id() == null ? ticket.withId(ids.incrementAndGet()) : ticket;
      };
    }

    /** Upper-cases the status: what it returns is what is stored. */
    @Bean
    BeforeSaveCallback<Ticket> normalizeStatus() {
      return (ticket, change) -> {
        CALLS.add("beforeSave " + ticket.id());
        return new Ticket(
            ticket.id(), ticket.title(), ticket.status().toUpperCase(java.util.Locale.ROOT));
      };
    }

    @Bean
    AfterSaveCallback<Ticket> afterSave() {
      return ticket -> {
        CALLS.add("afterSave " + ticket.id() + " " + ticket.status());
        return ticket;
      };
    }

    /**
     * Sees each ticket read, its title as the row's text (borrowed inside a read-only transaction).
     */
    @Bean
    AfterConvertCallback<Ticket> afterConvert() {
      return ticket -> {
        CALLS.add(
            "afterConvert "
                + ticket.id()
                + (ticket.title() instanceof Text text && text.isBorrowed() ? " borrowed" : ""));
        return ticket;
      };
    }

    @Bean
    BeforeDeleteCallback<Ticket> beforeDelete() {
      return (ticket, change) -> {
        CALLS.add("beforeDelete " + ticket.id());
        return ticket;
      };
    }

    @Bean
    AfterDeleteCallback<Ticket> afterDelete() {
      return ticket -> {
        CALLS.add("afterDelete " + ticket.id());
        return ticket;
      };
    }

    @Bean
    AbstractRelationalEventListener<Ticket> events() {
      return new AbstractRelationalEventListener<>() {
        @Override
        protected void onBeforeSave(BeforeSaveEvent<Ticket> event) {
          CALLS.add("BeforeSaveEvent " + event.getEntity().id());
        }

        @Override
        protected void onAfterSave(AfterSaveEvent<Ticket> event) {
          CALLS.add("AfterSaveEvent " + event.getEntity().id());
        }

        @Override
        protected void onBeforeDelete(BeforeDeleteEvent<Ticket> event) {
          CALLS.add("BeforeDeleteEvent " + event.getId().getValue());
        }

        @Override
        protected void onAfterDelete(AfterDeleteEvent<Ticket> event) {
          CALLS.add("AfterDeleteEvent " + event.getId().getValue());
        }
      };
    }
  }

  @Autowired TicketRepository tickets;
  @Autowired KiteSqlTransactionManager transactionManager;

  @BeforeEach
  void clear() {
    tickets.deleteAll();
    CALLS.clear();
  }

  @Test
  void saveRunsConvertSaveAndAfterSaveWithWhatTheCallbacksReturn() {
    var saved = tickets.save(new Ticket(null, "kite lost", "open"));
    assertThat(saved.id()).isEqualTo(101L);
    assertThat(saved.status()).isEqualTo("OPEN");
    // as in Spring Data JDBC, each step publishes its event first and then calls its callbacks
    assertThat(CALLS)
        .containsExactly(
            "beforeConvert null",
            "BeforeSaveEvent 101",
            "beforeSave 101",
            "AfterSaveEvent 101",
            "afterSave 101 OPEN");
    CALLS.clear();
    var stored = tickets.findById(101L).orElseThrow();
    assertThat(stored.status()).isEqualTo("OPEN");
    assertThat(CALLS).containsExactly("afterConvert 101");
  }

  @Test
  void everySavedEntityOfSaveAllAndEveryEntityReadByAQueryMethod() {
    tickets.saveAll(
        List.of(
            new Ticket(null, "a", "open"),
            new Ticket(null, "b", "done"),
            new Ticket(null, "c", "open")));
    assertThat(CALLS.stream().filter(c -> c.startsWith("afterSave")).count()).isEqualTo(3);
    CALLS.clear();
    var readOnly = new TransactionTemplate(transactionManager);
    readOnly.setReadOnly(true);
    var open = readOnly.execute(status -> tickets.findByStatusOrderById("OPEN"));
    assertThat(open).map(Ticket::id).hasSize(2);
    assertThat(CALLS)
        .containsExactly(
            open.stream().map(t -> "afterConvert " + t.id() + " borrowed").toArray(String[]::new));
  }

  @Test
  void deleteOfAnEntityRunsTheDeleteCallbacksAndDeleteByIdOnlyTheEvents() {
    var saved = tickets.save(new Ticket(null, "x", "open"));
    var other = tickets.save(new Ticket(null, "y", "open"));
    CALLS.clear();
    tickets.delete(saved);
    assertThat(CALLS)
        .containsExactly(
            "BeforeDeleteEvent " + saved.id(),
            "beforeDelete " + saved.id(),
            "AfterDeleteEvent " + saved.id(),
            "afterDelete " + saved.id());
    CALLS.clear();
    tickets.deleteById(other.id());
    assertThat(CALLS)
        .containsExactly("BeforeDeleteEvent " + other.id(), "AfterDeleteEvent " + other.id());
    assertThat(tickets.count()).isZero();
  }
}
