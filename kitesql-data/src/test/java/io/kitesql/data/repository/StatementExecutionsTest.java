package io.kitesql.data.repository;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kitesql.data.Executions;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.core.Statement;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.test.context.junit.jupiter.SpringJUnitConfig;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * What the database's execution listener hears of the statements of the template and its
 * repositories: one execution per statement, labelled with its name, with its rows, the bytes it
 * visited, returned and copied (the mapping of its rows included), and its failure.
 */
@SpringJUnitConfig(KiteSqlTestConfiguration.class)
class StatementExecutionsTest {
  @Autowired KiteSqlTemplate template;
  @Autowired OrderRepository orders;
  private Executions executions;
  private final String longNote = "n".repeat(10_000);

  @BeforeEach
  void listen() {
    orders.deleteAll();
    orders.saveAll(
        List.of(
            new Order(1L, 1, "open", BigDecimal.ONE, longNote),
            new Order(2L, 1, "open", BigDecimal.TEN, longNote)));
    executions = Executions.listenTo(template.getDatabase());
  }

  @AfterEach
  void stop() {
    Executions.stop(template.getDatabase());
  }

  @Test
  void aRepositoryCallIsOneExecutionCarryingItsName() {
    orders.findByCustomerIdOrderByIdDesc(1);
    assertThat(executions.labels())
        .containsExactly("OrderRepository.findByCustomerIdOrderByIdDesc");
    assertThat(executions.ended())
        .singleElement()
        .satisfies(e -> assertThat(e.outcome().rows()).isEqualTo(2));

    executions.clear();
    orders.countByStatus("open");
    assertThat(executions.labels()).containsExactly("OrderRepository.countByStatus");
    assertThat(executions.ended().getFirst().outcome().rows()).isEqualTo(1);
  }

  @Test
  void directSqlIsOneExecutionWithoutAName() {
    long count =
        template
            .getDatabase()
            .read(
                tx -> {
                  try (var rows = tx.query("select count(*) from orders")) {
                    return rows.next() ? rows.getLong(0) : -1;
                  }
                });
    assertThat(count).isEqualTo(2);
    assertThat(executions.ended())
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.label()).isNull();
              assertThat(e.sql()).isEqualTo("select count(*) from orders");
            });
  }

  @Test
  void readsOutsideATransactionCopyAndInsideOneBorrow() {
    orders.findByCustomerIdOrderByIdDesc(
        1); // no transaction: a short one, values copied for the caller
    var outside = executions.ended().getFirst().outcome();
    assertThat(outside.bytesCopied()).isGreaterThanOrEqualTo(2L * longNote.length());

    executions.clear();
    var readOnly = new TransactionTemplate(new KiteSqlTransactionManager(template.getDatabase()));
    readOnly.setReadOnly(true);
    readOnly.executeWithoutResult(
        status ->
            orders
                .findByCustomerIdOrderByIdDesc(1)
                .forEach(v -> assertThat(v.getNote()).hasSize(longNote.length())));
    var inside = executions.ended().getFirst().outcome();
    assertThat(inside.bytesBorrowed()).isGreaterThanOrEqualTo(2L * longNote.length());
    assertThat(inside.bytesReturned())
        .isEqualTo(2L * longNote.length()); // the projection reads id and note
    assertThat(inside.bytesCopied()).isZero();
  }

  @Test
  void bytesBorrowedCountEveryRowReadAndBytesReturnedOnlyWhatTheApplicationGot() {
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
    var ended = executions.ended().getFirst();
    assertThat(ended.label()).isEqualTo("top");
    assertThat(ended.outcome().rows()).isEqualTo(1);
    assertThat(ended.outcome().bytesBorrowed()).isGreaterThanOrEqualTo(2L * longNote.length());
    assertThat(ended.outcome().bytesReturned())
        .isEqualTo(longNote.length()); // the one note the mapper read
    assertThat(ended.outcome().bytesCopied()).isZero();
  }

  @Test
  void failuresAreReported() {
    assertThatThrownBy(
            () ->
                template.update(
                    Statement.named("dup", "insert into orders (id, customer_id) values (1, 1)")))
        .isInstanceOf(DuplicateKeyException.class);
    assertThat(executions.ended())
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.label()).isEqualTo("dup");
              assertThat(e.outcome().failure()).isNotNull();
            });
  }

  @Test
  void aRowMappersFailureIsTheStatementsFailure() {
    var mapperFailure = new IllegalStateException("the mapper failed");
    assertThatThrownBy(
            () ->
                template.query(
                    Statement.named("failing", "select id from orders order by id"),
                    row -> {
                      throw mapperFailure;
                    },
                    10))
        .isSameAs(mapperFailure);
    assertThat(executions.ended())
        .singleElement()
        .satisfies(
            e -> {
              assertThat(e.label()).isEqualTo("failing");
              assertThat(e.outcome().failure()).isSameAs(mapperFailure);
            });
  }
}
