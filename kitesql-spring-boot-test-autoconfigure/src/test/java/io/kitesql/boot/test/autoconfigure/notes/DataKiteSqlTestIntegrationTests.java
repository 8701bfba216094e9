package io.kitesql.boot.test.autoconfigure.notes;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.api.ReadOnlyTransaction;
import io.kitesql.api.ReadWriteTransaction;
import io.kitesql.boot.actuate.KiteSqlEndpoint;
import io.kitesql.boot.health.KiteSqlHealthIndicator;
import io.kitesql.boot.metrics.KiteSqlStatementMetrics;
import io.kitesql.boot.test.autoconfigure.DataKiteSqlTest;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.data.transaction.KiteSqlTransactions;
import io.kitesql.value.Text;
import io.micrometer.core.instrument.MeterRegistry;
import java.nio.file.Path;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.web.context.WebApplicationContext;
import org.springframework.web.servlet.DispatcherServlet;

/**
 * The slice on the notes application: each test in a rolled-back transaction of its own kind, on a
 * database holding the two notes of schema.sql and nothing a previous test wrote.
 */
@DataKiteSqlTest
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DataKiteSqlTestIntegrationTests {
  @Autowired NoteRepository notes;
  @Autowired KiteSqlTemplate template;
  @Autowired Database database;
  @Autowired ApplicationContext context;

  @Test
  @Order(1)
  void savesAndReadsBackInTheTestsWriteTransaction() {
    assertThat(KiteSqlTransactions.current(database))
        .containsInstanceOf(ReadWriteTransaction.class);

    var saved = notes.save(new Note(null, "carol", "written by the first test"));

    assertThat(saved.id()).isNotNull();
    assertThat(notes.findByAuthor("carol"))
        .singleElement()
        .satisfies(
            note -> {
              assertThat(note.id()).isEqualTo(saved.id());
              assertThat(note.body()).hasToString("written by the first test");
            });
    assertThat(template.queryForValue("select count(*) from notes", Long.class)).contains(3L);
  }

  @Test
  @Order(2)
  @Transactional(readOnly = true)
  void aReadOnlyTestBorrowsTextAndSeesNoneOfTheRolledBackWrites() {
    assertThat(KiteSqlTransactions.current(database)).containsInstanceOf(ReadOnlyTransaction.class);

    assertThat(notes.findByAuthor("carol")).isEmpty();
    assertThat(notes.count()).isEqualTo(2);
    assertThat(notes.findByAuthor("ann"))
        .singleElement()
        .satisfies(
            note -> {
              assertThat(note.body()).hasToString("the first note");
              assertThat(note.body())
                  .isInstanceOfSatisfying(
                      Text.class, body -> assertThat(body.isBorrowed()).isTrue());
            });
  }

  @Test
  void startsTheKiteSqlBeansAndNothingElse() {
    assertThat(context.getBeanNamesForType(KiteSqlTemplate.class)).hasSize(1);
    assertThat(context.getBeanNamesForType(KiteSqlTransactionManager.class)).hasSize(1);
    assertThat(context.getBeanNamesForType(NoteRepository.class)).hasSize(1);

    assertThat(context).isNotInstanceOf(WebApplicationContext.class);
    assertThat(context.getBeanNamesForType(DispatcherServlet.class)).isEmpty();
    assertThat(context.getBeanNamesForType(MeterRegistry.class)).isEmpty();
    assertThat(context.getBeanNamesForType(KiteSqlStatementMetrics.class)).isEmpty();
    assertThat(context.getBeanNamesForType(KiteSqlHealthIndicator.class)).isEmpty();
    assertThat(context.getBeanNamesForType(KiteSqlEndpoint.class)).isEmpty();
    assertThat(context.getBeanNamesForType(NoteFormatter.class)).isEmpty();
  }

  @Test
  void opensTheDatabaseInATemporaryDirectory() {
    var path = Path.of(context.getEnvironment().getRequiredProperty("kitesql.path"));

    assertThat(path).startsWith(Path.of(System.getProperty("java.io.tmpdir"))).isDirectory();
    assertThat(path.getFileName().toString()).startsWith("kitesql-test-");
  }
}
