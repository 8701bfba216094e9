package io.kitesql.data.alloc;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.data.repository.KiteSqlTestConfiguration;
import io.kitesql.data.repository.Order;
import io.kitesql.data.repository.OrderRepository;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Bytes allocated per repository call against the same query on the raw engine, in one read-only
 * transaction: the repository layer adds a bounded amount, and neither grows with note length.
 */
@SpringJUnitConfig(KiteSqlTestConfiguration.class)
class RepositoryAllocationTest {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  @Autowired OrderRepository orders;
  @Autowired Database database;

  @Test
  void repositoryCallsAllocateABoundedAmountMoreThanTheEngine() {
    var small = measure("s".repeat(64));
    var large = measure("l".repeat(64 * 1024));
    System.out.printf(
        "bytes per call: engine %d / %d, interface projection %d / %d, record projection %d / %d (64 B / 64 KiB notes)%n",
        small[0], large[0], small[1], large[1], small[2], large[2]);
    for (int i = 1; i <= 2; i++) {
      assertThat(large[i])
          .as("repository allocation flat in note length")
          .isLessThan(small[i] + 512);
      // 10 rows: each projection object (and an interface proxy's handler and array) is on top of
      // the engine's cost
      assertThat(small[i]).as("repository overhead over the engine").isLessThan(small[0] + 2048);
    }
  }

  /**
   * Bytes per call {engine, interface projection, record projection} for 10 matching rows with
   * {@code note}.
   */
  private long[] measure(String note) {
    orders.deleteAll();
    var rows = new ArrayList<Order>();
    for (long id = 1; id <= 40; id++) {
      rows.add(new Order(id, (int) (id % 4), "open", BigDecimal.valueOf(id), note));
    }
    orders.saveAll(rows);
    var prepared =
        database.prepare(
            "select \"id\", \"note\" from \"orders\" where \"customer_id\" = ? order by \"id\" desc");
    var readOnly = new TransactionTemplate(new KiteSqlTransactionManager(database));
    readOnly.setReadOnly(true);
    return readOnly.execute(
        status -> {
          var tx = io.kitesql.data.transaction.KiteSqlTransactions.current(database).orElseThrow();
          IntSupplier engine =
              () -> {
                int seen = 0;
                try (var cursor = tx.query(prepared, 1)) {
                  while (cursor.next()) {
                    seen += (int) cursor.getLong(0) + cursor.getText(1).length();
                  }
                }
                return seen;
              };
          IntSupplier repository =
              () -> {
                int seen = 0;
                for (var view : orders.findByCustomerIdOrderByIdDesc(1)) {
                  seen += view.getId().intValue() + view.getNote().length();
                }
                return seen;
              };
          IntSupplier records =
              () -> {
                int seen = 0;
                for (var view : orders.findByCustomerIdOrderByIdAsc(1)) {
                  seen += view.id().intValue() + view.note().length();
                }
                return seen;
              };
          return new long[] {perCall(engine), perCall(repository), perCall(records)};
        });
  }

  private static long perCall(IntSupplier call) {
    for (int i = 0; i < 20_000; i++) {
      call.getAsInt(); // warm up: let C2 compile and escape-analyse the path
    }
    int calls = 5_000;
    long before = THREADS.getCurrentThreadAllocatedBytes();
    for (int i = 0; i < calls; i++) {
      call.getAsInt();
    }
    return (THREADS.getCurrentThreadAllocatedBytes() - before) / calls;
  }
}
