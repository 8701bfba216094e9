package io.kitesql.data.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.core.Statement;
import io.kitesql.data.core.StatementObserver;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What the template reports per statement: names, rows, bytes visited, returned and copied,
 * failures.
 */
@SpringJUnitConfig(KiteSqlTestConfiguration.class)
class StatementObserverTest {
  record Seen(String name, StatementObserver.Outcome outcome) {}

  @Autowired KiteSqlTemplate template;
  @Autowired OrderRepository orders;
  private final List<Seen> seen = Collections.synchronizedList(new ArrayList<>());
  private final String longNote = "n".repeat(10_000);

  @BeforeEach
  void observe() {
    orders.deleteAll();
    orders.saveAll(
        List.of(
            new Order(1L, 1, "open", BigDecimal.ONE, longNote),
            new Order(2L, 1, "open", BigDecimal.TEN, longNote)));
    template.setStatementObserver(
        statement -> outcome -> seen.add(new Seen(String.valueOf(statement.name()), outcome)));
  }

  @AfterEach
  void stop() {
    template.setStatementObserver(StatementObserver.NONE);
  }

  @Test
  void repositoryStatementsAreNamedAndCounted() {
    orders.findByCustomerIdOrderByIdDesc(1);
    orders.countByStatus("open");
    assertThat(seen)
        .extracting(Seen::name)
        .containsExactly(
            "OrderRepository.findByCustomerIdOrderByIdDesc", "OrderRepository.countByStatus");
    assertThat(seen.getFirst().outcome().rows()).isEqualTo(2);
    assertThat(seen.get(1).outcome().rows()).isEqualTo(1);
  }

  @Test
  void readsOutsideATransactionCopyAndInsideOneBorrow() {
    orders.findByCustomerIdOrderByIdDesc(
        1); // no transaction: a short one, values copied for the caller
    var outside = seen.getFirst().outcome();
    assertThat(outside.bytesCopied()).isGreaterThanOrEqualTo(2L * longNote.length());

    seen.clear();
    var readOnly = new TransactionTemplate(new KiteSqlTransactionManager(template.getDatabase()));
    readOnly.setReadOnly(true);
    readOnly.executeWithoutResult(
        status ->
            orders
                .findByCustomerIdOrderByIdDesc(1)
                .forEach(v -> assertThat(v.getNote()).hasSize(longNote.length())));
    var inside = seen.getFirst().outcome();
    assertThat(inside.bytesVisited()).isGreaterThanOrEqualTo(2L * longNote.length());
    assertThat(inside.bytesReturned())
        .isEqualTo(2L * longNote.length()); // the projection reads id and note
    assertThat(inside.bytesCopied()).isZero();
  }

  @Test
  void bytesVisitedCountEveryRowReadAndBytesReturnedOnlyWhatTheApplicationGot() {
    var readOnly = new TransactionTemplate(new KiteSqlTransactionManager(template.getDatabase()));
    readOnly.setReadOnly(true);
    // a top-1 by an unindexed column: both rows are read and sorted, one is returned
    var top =
        readOnly.execute(
            status ->
                template.query(
                    Statement.named(
                        "top", "select id, note from orders order by amount desc limit 1"),
                    row -> row.getLong(0) + ":" + row.getText(1).length(),
                    10));
    assertThat(top).containsExactly("2:" + longNote.length());
    var outcome = seen.getFirst().outcome();
    assertThat(outcome.rows()).isEqualTo(1);
    assertThat(outcome.bytesVisited()).isGreaterThanOrEqualTo(2L * longNote.length());
    assertThat(outcome.bytesReturned())
        .isEqualTo(longNote.length()); // the one note the mapper read
    assertThat(outcome.bytesCopied()).isZero();
  }

  @Test
  void failuresAreReported() {
    assertThatThrownBy(
            () ->
                template.update(
                    Statement.named("dup", "insert into orders (id, customer_id) values (1, 1)")))
        .isInstanceOf(DuplicateKeyException.class);
    assertThat(seen)
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.name()).isEqualTo("dup");
              assertThat(s.outcome().failure()).isNotNull();
            });
  }
}
