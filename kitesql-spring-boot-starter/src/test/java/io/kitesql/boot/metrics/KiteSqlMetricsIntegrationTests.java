package io.kitesql.boot.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.boot.testapp.Note;
import io.kitesql.boot.testapp.NoteRepository;
import io.kitesql.boot.testapp.NoteService;
import io.kitesql.boot.testapp.TestApplication;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.core.Statement;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.value.Text;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.transaction.support.TransactionTemplate;

/** The meters of repository calls in a whole application, with real LMDB underneath. */
@SpringBootTest(classes = TestApplication.class)
class KiteSqlMetricsIntegrationTests {
  private static final String FIND_BY_AUTHOR = "NoteRepository.findByAuthor";
  private static final int NOTES = 20;
  private static final int BODY_LENGTH = 4096;

  @DynamicPropertySource
  static void database(DynamicPropertyRegistry properties) throws IOException {
    var dir = Files.createTempDirectory("kitesql-metrics-test");
    properties.add("kitesql.path", () -> dir.resolve("db").toString());
  }

  @Autowired NoteRepository notes;
  @Autowired NoteService service;
  @Autowired MeterRegistry registry;
  @Autowired Database database;
  @Autowired KiteSqlTemplate template;

  private static final String TOP_THREE = "Notes.topThreeByBody";

  @BeforeEach
  void notes() {
    if (notes.count() == 0) {
      for (long id = 1; id <= NOTES; id++) {
        notes.save(new Note(id, "ann", String.valueOf((char) ('a' + id % 26)).repeat(BODY_LENGTH)));
      }
      notes.save(new Note(100L, "bob", "short"));
    }
  }

  private double total(String meter) {
    var summary = registry.find(meter).tag("statement", FIND_BY_AUTHOR).summary();
    return summary == null ? 0 : summary.totalAmount();
  }

  private long count(String meter) {
    var summary = registry.find(meter).tag("statement", FIND_BY_AUTHOR).summary();
    return summary == null ? 0 : summary.count();
  }

  private double unmeasured() {
    var counter =
        registry
            .find("kitesql.query.allocated.unmeasured")
            .tag("statement", FIND_BY_AUTHOR)
            .counter();
    return counter == null ? 0 : counter.count();
  }

  @Test
  void allocationIsRecordedOnPlatformThreads() throws Exception {
    long measured = count("kitesql.query.allocated");
    double unmeasured = unmeasured();
    var thread =
        Thread.ofPlatform().start(() -> assertThat(notes.findByAuthor("ann")).hasSize(NOTES));
    thread.join();
    assertThat(count("kitesql.query.allocated")).isEqualTo(measured + 1);
    assertThat(
            registry
                .get("kitesql.query.allocated")
                .tag("statement", FIND_BY_AUTHOR)
                .summary()
                .max())
        .isPositive();
    assertThat(unmeasured()).isEqualTo(unmeasured);
  }

  @Test
  void allocationOnVirtualThreadsIsCountedAsUnmeasuredNotAsZero() throws Exception {
    long measured = count("kitesql.query.allocated");
    double unmeasured = unmeasured();
    var failure = new AtomicReference<Throwable>();
    var thread =
        Thread.ofVirtual()
            .start(
                () -> {
                  try {
                    assertThat(notes.findByAuthor("ann")).hasSize(NOTES);
                  } catch (Throwable t) {
                    failure.set(t);
                  }
                });
    thread.join();
    assertThat(failure.get()).isNull();
    assertThat(unmeasured()).isEqualTo(unmeasured + 1);
    assertThat(count("kitesql.query.allocated")).isEqualTo(measured);
    // the call itself was still timed
    assertThat(
            registry
                .get("kitesql.query")
                .tag("statement", FIND_BY_AUTHOR)
                .tag("outcome", "success")
                .timer()
                .count())
        .isGreaterThanOrEqualTo(1);
  }

  @Test
  void aReadOnlyTransactionBorrowsLongStringsAndCopiesNothing() {
    double borrowed = total("kitesql.query.bytes.visited");
    double copied = total("kitesql.query.bytes.copied");
    double rows = total("kitesql.query.rows");
    boolean allBorrowed =
        service.readByAuthor(
            "ann", found -> found.stream().allMatch(n -> ((Text) n.body()).isBorrowed()));
    assertThat(allBorrowed).isTrue();
    assertThat(total("kitesql.query.rows") - rows).isEqualTo(NOTES);
    assertThat(total("kitesql.query.bytes.visited") - borrowed)
        .isGreaterThanOrEqualTo((double) NOTES * BODY_LENGTH);
    assertThat(total("kitesql.query.bytes.copied") - copied).isZero();
  }

  @Test
  void aTopThreeQueryVisitsEveryRowAndReturnsThree() {
    var readOnly = new TransactionTemplate(new KiteSqlTransactionManager(database));
    readOnly.setReadOnly(true);
    List<Long> returnedLengths =
        readOnly.execute(
            status ->
                template.query(
                    Statement.named(
                        TOP_THREE, "select author, body from notes order by body desc limit 3"),
                    row -> (long) row.getText(0).length() + row.getText(1).length(),
                    10));
    assertThat(returnedLengths).hasSize(3);
    var visited = registry.get("kitesql.query.bytes.visited").tag("statement", TOP_THREE).summary();
    var returned =
        registry.get("kitesql.query.bytes.returned").tag("statement", TOP_THREE).summary();
    // the sort reads every note's body; the application got three rows (ASCII: one byte a char)
    assertThat(visited.totalAmount()).isGreaterThanOrEqualTo((double) NOTES * BODY_LENGTH);
    assertThat(returned.totalAmount())
        .isEqualTo((double) returnedLengths.stream().mapToLong(Long::longValue).sum());
    assertThat(returned.count()).isEqualTo(1);
  }

  @Test
  void theSameQueryInAWriteTransactionCopies() {
    double copied = total("kitesql.query.bytes.copied");
    boolean anyBorrowed =
        service.readByAuthorInWriteTransaction(
            "ann", found -> found.stream().anyMatch(n -> ((Text) n.body()).isBorrowed()));
    assertThat(anyBorrowed).isFalse();
    assertThat(total("kitesql.query.bytes.copied") - copied)
        .isGreaterThanOrEqualTo((double) NOTES * BODY_LENGTH);
  }

  private long calls(String statement) {
    var timer =
        registry
            .find("kitesql.query")
            .tag("statement", statement)
            .tag("outcome", "success")
            .timer();
    return timer == null ? 0 : timer.count();
  }

  private double directTotal(String meter) {
    var summary = registry.find(meter).tag("statement", KiteSqlStatementMetrics.DIRECT).summary();
    return summary == null ? 0 : summary.totalAmount();
  }

  @Test
  void directSqlOnTheDatabaseBeanIsMeteredAndARepositoryCallOnlyUnderItsName() {
    long direct = calls(KiteSqlStatementMetrics.DIRECT);
    long byAuthor = calls(FIND_BY_AUTHOR);
    double rows = directTotal("kitesql.query.rows");
    double borrowed = directTotal("kitesql.query.bytes.visited");
    double copied = directTotal("kitesql.query.bytes.copied");

    assertThat(notes.findByAuthor("ann")).hasSize(NOTES);
    assertThat(calls(FIND_BY_AUTHOR)).isEqualTo(byAuthor + 1);
    assertThat(calls(KiteSqlStatementMetrics.DIRECT))
        .as("the repository call is not counted twice")
        .isEqualTo(direct);

    var byAuthorSql = database.prepare("select body from notes where author = ?");
    long lengths =
        database.read(
            tx -> {
              long sum = 0;
              try (var found = tx.query(byAuthorSql, "ann")) {
                while (found.next()) {
                  sum += found.getText(0).length();
                }
              }
              return sum;
            });
    assertThat(lengths).isEqualTo((long) NOTES * BODY_LENGTH);
    assertThat(calls(KiteSqlStatementMetrics.DIRECT)).isEqualTo(direct + 1);
    assertThat(calls(FIND_BY_AUTHOR)).isEqualTo(byAuthor + 1);
    assertThat(directTotal("kitesql.query.rows") - rows).isEqualTo(NOTES);
    assertThat(directTotal("kitesql.query.bytes.visited") - borrowed)
        .isGreaterThanOrEqualTo((double) NOTES * BODY_LENGTH);
    assertThat(directTotal("kitesql.query.bytes.copied") - copied).isZero();
  }
}
