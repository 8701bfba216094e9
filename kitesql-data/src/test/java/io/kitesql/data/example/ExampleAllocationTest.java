package io.kitesql.data.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.data.transaction.KiteSqlTransactionManager;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.domain.Example;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Bytes allocated per query by example against the equivalent derived query, in one read-only
 * transaction: building the WHERE clause per call costs a bounded amount on top.
 */
@SpringJUnitConfig(ExampleTestConfiguration.class)
class ExampleAllocationTest {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  @Autowired AuthorRepository authors;
  @Autowired KiteSqlTransactionManager transactionManager;

  @Test
  void queryByExampleAllocatesABoundedAmountMoreThanTheDerivedQuery() {
    authors.deleteAll();
    var rows = new ArrayList<Author>();
    for (long id = 1; id <= 40; id++) {
      rows.add(
          new Author(
              id,
              "author " + id,
              id % 4 == 0 ? "Oslo" : "Lima",
              "a" + id + "@example.org",
              (int) id,
              true));
    }
    authors.saveAll(rows);
    var probe = Example.of(new Author(null, null, "Oslo", null, null, null));
    var readOnly = new TransactionTemplate(transactionManager);
    readOnly.setReadOnly(true);
    long[] bytes =
        readOnly.execute(
            status -> {
              IntSupplier derived = () -> authors.findByCity("Oslo").size();
              IntSupplier example = () -> authors.findAll(probe).size();
              assertThat(example.getAsInt()).isEqualTo(derived.getAsInt()).isEqualTo(10);
              return new long[] {perCall(derived), perCall(example)};
            });
    System.out.printf(
        "bytes per call (10 entities): derived query %d, query by example %d%n",
        bytes[0], bytes[1]);
    assertThat(bytes[1]).as("query by example over the derived query").isLessThan(bytes[0] * 3 / 2);
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
