package io.kitesql.data.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.event.TransactionPhase;
import org.springframework.transaction.event.TransactionalEventListener;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Writes in a transaction's completion callbacks ({@code afterCommit}, {@code afterCompletion},
 * {@code @TransactionalEventListener(phase = AFTER_COMMIT)}): the completed transaction counts as
 * ended, so repository saves, REQUIRED and REQUIRES_NEW methods run in a write transaction of their
 * own and commit. Spring swallows exceptions thrown by {@code afterCompletion}, so every callback
 * records what it threw and each test checks the row landed.
 */
@SpringJUnitConfig(CompletionCallbackWritesTest.Config.class)
class CompletionCallbackWritesTest {
  @Configuration(proxyBeanMethods = false)
  @EnableTransactionManagement
  @Import(KiteSqlTestConfiguration.class)
  static class Config {
    @Bean(KiteSqlTransactionManager.BEAN_NAME)
    KiteSqlTransactionManager kiteSqlTransactionManager(Database database) {
      return new KiteSqlTransactionManager(database);
    }

    @Bean
    Service service(ProductRepository products, ApplicationEventPublisher events) {
      return new Service(products, events);
    }

    @Bean
    Listeners listeners(ProductRepository products) {
      return new Listeners(products);
    }
  }

  /**
   * Saved in a transaction; its listeners save {@code id + 1000} and {@code id + 2000} after the
   * commit.
   */
  record Saved(long id) {}

  static class Service {
    final ProductRepository products;
    final ApplicationEventPublisher events;

    Service(ProductRepository products, ApplicationEventPublisher events) {
      this.products = products;
      this.events = events;
    }

    @Transactional
    public void write(Runnable work) {
      work.run();
    }

    @Transactional(readOnly = true)
    public void read(Runnable work) {
      work.run();
    }

    @Transactional(propagation = Propagation.REQUIRES_NEW)
    public void requiresNew(Runnable work) {
      work.run();
    }

    @Transactional
    public void saveAndPublish(long id) {
      products.save(new Product(id, "published", 1));
      events.publishEvent(new Saved(id));
    }
  }

  static class Listeners {
    final ProductRepository products;
    final List<Throwable> failures = new CopyOnWriteArrayList<>();

    Listeners(ProductRepository products) {
      this.products = products;
    }

    @TransactionalEventListener(phase = TransactionPhase.AFTER_COMMIT)
    public void saveAfterCommit(Saved saved) {
      record(() -> products.save(new Product(saved.id() + 1000, "listener", 1)));
    }

    @TransactionalEventListener(phase = TransactionPhase.AFTER_COMMIT)
    @Transactional(propagation = Propagation.REQUIRES_NEW)
    public void saveInNewTransactionAfterCommit(Saved saved) {
      record(
          () -> products.save(new Product(saved.id() + 2000, "listener in a new transaction", 1)));
    }

    /** What the listeners threw (a method: this bean is a class-based transactional proxy). */
    public List<Throwable> failures() {
      return failures;
    }

    void record(Runnable work) {
      try {
        work.run();
      } catch (Throwable e) {
        failures.add(e);
        throw e;
      }
    }
  }

  @Autowired ProductRepository products;
  @Autowired KiteSqlTemplate template;
  @Autowired Service service;
  @Autowired Listeners listeners;

  final List<Throwable> failures = new CopyOnWriteArrayList<>();

  @BeforeEach
  void clean() {
    products.deleteAll();
    listeners.failures().clear();
  }

  private void record(Runnable work) {
    try {
      work.run();
    } catch (Throwable e) {
      failures.add(e);
      throw e;
    }
  }

  private void afterCommit(Runnable work) {
    TransactionSynchronizationManager.registerSynchronization(
        new TransactionSynchronization() {
          @Override
          public void afterCommit() {
            record(work);
          }
        });
  }

  private void afterCompletion(Runnable work) {
    TransactionSynchronizationManager.registerSynchronization(
        new TransactionSynchronization() {
          @Override
          public void afterCompletion(int status) {
            record(work);
          }
        });
  }

  private Product product(long id) {
    return new Product(id, "after " + id, 1);
  }

  private void assertSaved(long... ids) {
    assertThat(failures).isEmpty();
    for (long id : ids) {
      assertThat(products.existsById(id)).as("product %d committed", id).isTrue();
    }
  }

  @Test
  void repositoryWritesInAfterCommitRunInTheirOwnTransaction() {
    service.write(
        () -> {
          products.save(product(1));
          afterCommit(() -> products.save(product(2)));
          afterCommit(() -> products.saveAll(List.of(product(6), product(7))));
          afterCommit(
              () -> {
                var first = products.findById(1L).orElseThrow();
                first.setStock(9);
                products.save(first); // a versioned update: "where version = 0"
              });
        });
    assertSaved(1, 2, 6, 7);
    assertThat(products.findById(1L).orElseThrow().getStock()).isEqualTo(9);
  }

  @Test
  void templateWritesInAfterCommit() {
    service.write(
        () -> {
          products.save(product(3));
          afterCommit(
              () ->
                  template.update(
                      "insert into products (id, name, stock, version) values (4, 'template', 1, 0)"));
          afterCommit(
              () ->
                  template.inWriteTransaction(
                      tx ->
                          template.update(
                              "insert into products (id, name, stock, version) values (5, 'template', 1, 0)")));
        });
    assertSaved(3, 4, 5);
  }

  @Test
  void requiredAndRequiresNewMethodsInAfterCommitBeginTheirOwnTransactions() {
    service.write(
        () -> {
          products.save(product(10));
          afterCommit(() -> service.write(() -> products.save(product(11))));
          afterCommit(() -> service.requiresNew(() -> products.save(product(12))));
        });
    assertSaved(10, 11, 12);
  }

  @Test
  void writesInAfterCompletionRunAfterACommitAndAfterARollback() {
    service.write(
        () -> {
          products.save(product(20));
          afterCompletion(() -> products.save(product(21)));
          afterCompletion(() -> service.write(() -> products.save(product(22))));
          afterCompletion(() -> service.requiresNew(() -> products.save(product(23))));
        });
    assertSaved(20, 21, 22, 23);
    try {
      service.write(
          () -> {
            products.save(product(24));
            afterCompletion(() -> products.save(product(25)));
            afterCompletion(() -> service.requiresNew(() -> products.save(product(26))));
            throw new IllegalStateException("roll back");
          });
    } catch (IllegalStateException expected) {
      assertThat(expected).hasMessage("roll back");
    }
    assertSaved(25, 26);
    assertThat(products.existsById(24L)).isFalse();
  }

  @Test
  void writesAfterAReadOnlyTransactionCompletes() {
    products.save(product(30));
    service.read(
        () -> {
          assertThat(products.existsById(30L)).isTrue();
          afterCommit(() -> products.save(product(31)));
          afterCommit(() -> service.write(() -> products.save(product(32))));
          afterCompletion(() -> service.requiresNew(() -> products.save(product(33))));
        });
    assertSaved(30, 31, 32, 33);
  }

  @Test
  void transactionalEventListenersAfterCommitWrite() {
    service.saveAndPublish(40);
    assertThat(listeners.failures()).isEmpty();
    assertSaved(40, 1040, 2040);
  }
}
