package io.kitesql.data.criteria;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.data.transaction.KiteSqlTransactionManager;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.relational.core.query.Criteria;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Bytes allocated per criteria query against the equivalent derived query, in one read-only
 * transaction: building the criteria and translating them per call costs a bounded amount on top.
 */
@SpringJUnitConfig(CriteriaTestConfiguration.class)
class CriteriaAllocationTest {
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

  @Autowired MemberRepository members;
  @Autowired KiteSqlTransactionManager transactionManager;

  @Test
  void criteriaQueryAllocatesABoundedAmountMoreThanTheDerivedQuery() {
    members.deleteAll();
    var rows = new ArrayList<Member>();
    for (long id = 1; id <= 40; id++) {
      rows.add(new Member(id, "member " + id, id % 4 == 0 ? "Oslo" : "Lima", (int) id, true, null));
    }
    members.saveAll(rows);
    var readOnly = new TransactionTemplate(transactionManager);
    readOnly.setReadOnly(true);
    long[] bytes =
        readOnly.execute(
            status -> {
              IntSupplier derived = () -> members.findByCity("Oslo").size();
              IntSupplier criteria =
                  () -> members.findAll(Criteria.where("city").is("Oslo")).size();
              assertThat(criteria.getAsInt()).isEqualTo(derived.getAsInt()).isEqualTo(10);
              return new long[] {perCall(derived), perCall(criteria)};
            });
    System.out.printf(
        "bytes per call (10 entities): derived query %d, criteria query %d%n", bytes[0], bytes[1]);
    assertThat(bytes[1]).as("criteria query over the derived query").isLessThan(bytes[0] * 3 / 2);
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
