package io.kitesql.data.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;

/**
 * {@code @Version} updates are "if still at version N", and an atomic decrement stays exact under
 * threads.
 */
@SpringJUnitConfig(KiteSqlTestConfiguration.class)
class OptimisticLockingTest {
  @Autowired ProductRepository products;

  @BeforeEach
  void clean() {
    products.deleteAll();
  }

  @Test
  void versionsStartAtZeroAndCountUpdates() {
    var saved = products.save(new Product(1L, "kite", 5));
    assertThat(saved.getVersion()).isZero();
    saved.setStock(4);
    var updated = products.save(saved);
    assertThat(updated.getVersion()).isEqualTo(1L);
    var read = products.findById(1L).orElseThrow();
    assertThat(read.getVersion()).isEqualTo(1L);
    assertThat(read.getStock()).isEqualTo(4);
  }

  @Test
  void aStaleUpdateOrDeleteFails() {
    products.save(new Product(2L, "string", 5));
    var first = products.findById(2L).orElseThrow();
    var second = products.findById(2L).orElseThrow();
    first.setStock(3);
    products.save(first);
    second.setStock(1);
    assertThatThrownBy(() -> products.save(second))
        .isInstanceOf(OptimisticLockingFailureException.class);
    assertThat(second.getVersion()).as("a failed save leaves the entity as it was").isZero();
    assertThatThrownBy(() -> products.delete(second))
        .isInstanceOf(OptimisticLockingFailureException.class);
    assertThat(products.findById(2L).orElseThrow().getStock()).isEqualTo(3);
    products.delete(products.findById(2L).orElseThrow());
    assertThat(products.existsById(2L)).isFalse();
  }

  @Test
  void concurrentVersionedUpdatesLoseNothing() throws Exception {
    products.save(new Product(3L, "reel", 0));
    int threads = 4;
    int increments = 25;
    var conflicts = new AtomicInteger();
    try (var pool = Executors.newFixedThreadPool(threads)) {
      var tasks = new ArrayList<Callable<Void>>();
      for (int t = 0; t < threads; t++) {
        tasks.add(
            () -> {
              for (int done = 0; done < increments; ) {
                var product = products.findById(3L).orElseThrow();
                product.setStock(product.getStock() + 1);
                try {
                  products.save(product);
                  done++;
                } catch (OptimisticLockingFailureException e) {
                  conflicts.incrementAndGet();
                }
              }
              return null;
            });
      }
      for (var future : pool.invokeAll(tasks, 60, TimeUnit.SECONDS)) {
        future.get();
      }
    }
    var product = products.findById(3L).orElseThrow();
    assertThat(product.getStock()).isEqualTo(threads * increments);
    assertThat(product.getVersion()).isEqualTo((long) threads * increments);
  }

  @Test
  void atomicDecrementNeverGoesNegative() throws Exception {
    int stock = 150;
    products.save(new Product(4L, "spool", stock));
    int threads = 6;
    int attemptsEach = 40; // 240 attempts for 150 items
    var taken = new AtomicInteger();
    try (var pool = Executors.newFixedThreadPool(threads)) {
      var tasks = new ArrayList<Callable<Void>>();
      for (int t = 0; t < threads; t++) {
        tasks.add(
            () -> {
              for (int i = 0; i < attemptsEach; i++) {
                taken.addAndGet(products.takeOne(4L));
              }
              return null;
            });
      }
      for (var future : pool.invokeAll(tasks, 60, TimeUnit.SECONDS)) {
        future.get();
      }
    }
    assertThat(taken.get()).isEqualTo(stock);
    assertThat(products.findById(4L).orElseThrow().getStock()).isZero();
  }
}
