package io.kitesql.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.api.ReadOnlyTransaction;
import io.kitesql.boot.testapp.Note;
import io.kitesql.boot.testapp.NoteRepository;
import io.kitesql.boot.testapp.NoteService;
import io.kitesql.data.config.EnableKiteSqlRepositories;
import io.kitesql.data.config.KiteSqlRepositoryConfigurationExtension;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.kitesql.options.Durability;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionManagerCustomizationAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.mock.env.MockEnvironment;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

@ExtendWith(OutputCaptureExtension.class)
class KiteSqlAutoConfigurationTests {
  @TempDir Path dir;

  private ApplicationContextRunner runner() {
    return runner(dir);
  }

  /**
   * The starter's auto-configuration over the test application's package, its database in {@code
   * dir/db}.
   */
  static ApplicationContextRunner runner(Path dir) {
    return new ApplicationContextRunner()
        .withConfiguration(
            AutoConfigurations.of(
                KiteSqlAutoConfiguration.class,
                KiteSqlRepositoriesAutoConfiguration.class,
                TransactionManagerCustomizationAutoConfiguration.class,
                TransactionAutoConfiguration.class))
        .withUserConfiguration(ApplicationPackage.class)
        .withPropertyValues("kitesql.path=" + dir.resolve("db"));
  }

  @Configuration(proxyBeanMethods = false)
  @AutoConfigurationPackage(basePackageClasses = Note.class)
  static class ApplicationPackage {}

  @Test
  void opensTheDatabaseAndDeclaresTemplateTransactionManagerAndRepositories() {
    runner()
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context).hasSingleBean(Database.class).hasBean("kiteSqlDatabase");
              assertThat(context).hasSingleBean(KiteSqlTemplate.class).hasBean("kiteSqlTemplate");
              assertThat(context)
                  .hasSingleBean(KiteSqlTransactionManager.class)
                  .hasBean(KiteSqlTransactionManager.BEAN_NAME);
              assertThat(context).hasSingleBean(NoteRepository.class);
              assertThat(context.getBean(Database.class).storage().directory())
                  .isEqualTo(dir.resolve("db").toAbsolutePath().normalize());
              // schema.sql from the class path ran on the fresh database
              assertThat(context.getBean(Database.class).catalog().table("notes")).isPresent();
            });
  }

  @Test
  void bindsStoragePropertiesOntoStorageOptions() {
    runner()
        .withPropertyValues(
            "kitesql.map-size=1MB",
            "kitesql.max-map-size=8MB",
            "kitesql.max-readers=10",
            "kitesql.read-pool-size=7",
            "kitesql.durability=no-sync",
            "kitesql.reader-wait=2s",
            "kitesql.writer-wait=3s",
            "kitesql.drain-wait=4s",
            "kitesql.replay-limit=2MB")
        .run(
            context -> {
              var options = context.getBean(Database.class).storage().options();
              assertThat(options.mapSize()).isEqualTo(1L << 20);
              assertThat(options.maxMapSize()).isEqualTo(8L << 20);
              assertThat(options.maxReaders()).isEqualTo(10);
              assertThat(options.readPoolSize()).isEqualTo(7);
              assertThat(options.durability()).isEqualTo(Durability.NO_SYNC);
              assertThat(options.readerWait()).isEqualTo(Duration.ofSeconds(2));
              assertThat(options.writerWait()).isEqualTo(Duration.ofSeconds(3));
              assertThat(options.drainWait()).isEqualTo(Duration.ofSeconds(4));
              assertThat(options.replayLimitBytes()).isEqualTo(2L << 20);
              assertThat(context.getBean(Database.class).storage().stats().mapSize())
                  .isEqualTo(1L << 20);
            });
  }

  @Test
  void bindsTheExecutionLimitsOntoTheDatabase() {
    runner()
        .withPropertyValues("kitesql.query-memory-limit=64MB", "kitesql.statement-timeout=30s")
        .run(
            context -> {
              var db = context.getBean(Database.class);
              assertThat(db.queryMemoryLimit()).isEqualTo(64L << 20);
              assertThat(db.statementTimeout()).isEqualTo(Duration.ofSeconds(30));
            });
    runner()
        .run(
            context -> {
              var db = context.getBean(Database.class);
              assertThat(db.queryMemoryLimit()).isEqualTo(Runtime.getRuntime().maxMemory() / 4);
              assertThat(db.statementTimeout()).isEqualTo(Duration.ZERO);
            });
    runner()
        .withPropertyValues("kitesql.query-memory-limit=0B", "kitesql.statement-timeout=-1s")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .hasMessageContainingAll(
                        "'queryMemoryLimit'",
                        "must be positive",
                        "'statementTimeout'",
                        "must not be negative"));
  }

  @Test
  void writeMapIsBoundAndTheDatabaseWorksUnderIt() {
    runner()
        .withPropertyValues("kitesql.write-map=true", "kitesql.map-size=2MB")
        .run(
            context -> {
              var db = context.getBean(Database.class);
              assertThat(db.storage().options().writeMap()).isTrue();
              db.execute("create table w (id int primary key)");
              db.execute("insert into w values (1), (2)");
              long rows =
                  db.read(
                      tx -> {
                        try (var cursor = tx.query("select count(*) from w")) {
                          cursor.next();
                          return cursor.getLong(0);
                        }
                      });
              assertThat(rows).isEqualTo(2);
            });
    runner()
        .withPropertyValues("kitesql.write-map=true", "kitesql.read-only=true")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .hasMessageContainingAll(
                        "'writeMap'", "must not be true when kitesql.read-only is true"));
  }

  @Test
  void defaultsAreTheEnginesDefaults() {
    var properties = new KiteSqlProperties();
    assertThat(properties.toStorageOptions())
        .isEqualTo(io.kitesql.options.StorageOptions.defaults());
    assertThat(properties.getPath()).isEqualTo("./data/kitesql");
  }

  @Test
  void badValuesFailStartUpNamingTheProperty() {
    runner()
        .withPropertyValues(
            "kitesql.max-readers=1",
            "kitesql.map-size=2MB",
            "kitesql.max-map-size=1MB",
            "kitesql.health.map-usage-threshold=1.5")
        .run(
            context -> {
              assertThat(context).hasFailed();
              assertThat(context.getStartupFailure())
                  .rootCause()
                  .hasMessageContainingAll(
                      "'maxReaders': rejected value [1]",
                      "must be at least 2",
                      "origin \"kitesql.max-readers\"",
                      "'maxMapSize'",
                      "must not be below kitesql.map-size (2097152B)",
                      "origin \"kitesql.max-map-size\"",
                      "'health.mapUsageThreshold': rejected value [1.5]",
                      "must be above 0 and at most 1");
            });
    runner()
        .withPropertyValues("kitesql.max-readers=8", "kitesql.read-pool-size=8")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .hasMessageContainingAll(
                        "'readPoolSize'", "must be between 1 and kitesql.max-readers - 1 (7)"));
    runner()
        .withPropertyValues(
            "kitesql.max-readers=2147483647",
            "kitesql.max-map-size=100000TB",
            "kitesql.reader-wait=400d")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .rootCause()
                    .hasMessageContainingAll(
                        "'maxReaders': rejected value [2147483647]",
                        "must be at most 65536",
                        "'maxMapSize'",
                        "must be at most 65536TB",
                        "'readerWait'",
                        "must be at most 365 days"));
    runner()
        .withPropertyValues("kitesql.durability=sometimes")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .hasStackTraceContaining(
                        "Failed to bind properties under 'kitesql.durability'"));
  }

  @Test
  void backsOffForTheApplicationsOwnBeans() {
    runner()
        .withUserConfiguration(OwnBeans.class)
        .run(
            context -> {
              assertThat(context)
                  .hasSingleBean(Database.class)
                  .hasBean("myDatabase")
                  .doesNotHaveBean("kiteSqlDatabase");
              assertThat(context.getBean(KiteSqlTemplate.class))
                  .isSameAs(context.getBean(OwnBeans.class).template);
              assertThat(context.getBean(KiteSqlTransactionManager.class))
                  .isSameAs(context.getBean(OwnBeans.class).manager);
              assertThat(context.getBean(KiteSqlTemplate.class).getDatabase())
                  .isSameAs(context.getBean("myDatabase"));
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnBeans {
    KiteSqlTemplate template;
    KiteSqlTransactionManager manager;

    @Bean(destroyMethod = "close")
    Database myDatabase(
        @org.springframework.beans.factory.annotation.Value("${kitesql.path}") Path path) {
      var db = KiteSql.open(path.resolveSibling("own"));
      db.execute(
          "create table notes (id bigint primary key, author varchar not null, body varchar)");
      return db;
    }

    @Bean
    KiteSqlTemplate kiteSqlTemplate(Database database) {
      return template = new KiteSqlTemplate(database);
    }

    @Bean(name = KiteSqlTransactionManager.BEAN_NAME)
    KiteSqlTransactionManager kiteSqlTransactionManager(Database database) {
      return manager = new KiteSqlTransactionManager(database);
    }
  }

  @Test
  void repositoriesBackOffWhenDisabledOrDeclaredByTheApplication() {
    runner()
        .withPropertyValues("kitesql.repositories.enabled=false")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context)
                  .doesNotHaveBean(NoteRepository.class)
                  .doesNotHaveBean(KiteSqlRepositoryConfigurationExtension.class);
            });
    runner()
        .withUserConfiguration(OwnRepositories.class)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context)
                  .hasSingleBean(NoteRepository.class)
                  .hasSingleBean(KiteSqlRepositoryConfigurationExtension.class);
            });
  }

  @Configuration(proxyBeanMethods = false)
  @EnableKiteSqlRepositories(basePackageClasses = Note.class)
  static class OwnRepositories {}

  @Test
  void aloneOursIsTheTransactionManagerOfPlainTransactional() {
    runner()
        .withBean(NoteService.class)
        .withPropertyValues("spring.transaction.default-timeout=7s")
        .run(
            context -> {
              assertThat(context.getBean(PlatformTransactionManager.class))
                  .isInstanceOf(KiteSqlTransactionManager.class);
              assertThat(context).hasSingleBean(TransactionTemplate.class);
              var service = context.getBean(NoteService.class);
              assertThat(service.plainReadOnlyTransaction())
                  .get()
                  .isInstanceOf(ReadOnlyTransaction.class);
              assertThat(service.readOnlyTxnTransaction())
                  .get()
                  .isInstanceOf(ReadOnlyTransaction.class);
              // Boot's TransactionManagerCustomizers reached ours
              assertThat(context.getBean(KiteSqlTransactionManager.class).getDefaultTimeout())
                  .isEqualTo(7);
            });
  }

  @Test
  void besideJdbcUnqualifiedTransactionalStaysJdbcAndReadOnlyTxnIsOurs() {
    runner()
        .withConfiguration(
            AutoConfigurations.of(
                DataSourceAutoConfiguration.class,
                DataSourceTransactionManagerAutoConfiguration.class))
        .withBean(NoteService.class)
        .withBean(JdbcService.class)
        .withPropertyValues("spring.datasource.generate-unique-name=true")
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              assertThat(context)
                  .hasBean("transactionManager")
                  .hasBean(KiteSqlTransactionManager.BEAN_NAME);
              assertThat(context.getBean(PlatformTransactionManager.class))
                  .isInstanceOf(DataSourceTransactionManager.class);
              assertThat(context).hasSingleBean(TransactionTemplate.class);
              assertThat(context.getBean(TransactionTemplate.class).getTransactionManager())
                  .isInstanceOf(DataSourceTransactionManager.class);
              var jdbc = context.getBean(JdbcService.class);
              assertThat(jdbc.dataSourceBound()).isTrue();
              var service = context.getBean(NoteService.class);
              assertThat(service.plainReadOnlyTransaction()).isEmpty();
              assertThat(service.readOnlyTxnTransaction())
                  .get()
                  .isInstanceOf(ReadOnlyTransaction.class);
              // repositories name ours, so they work beside JDBC
              var notes = context.getBean(NoteRepository.class);
              notes.save(new Note(1L, "ann", "hello"));
              assertThat(notes.findByAuthor("ann")).hasSize(1);
            });
  }

  static class JdbcService {
    private final DataSource dataSource;

    JdbcService(DataSource dataSource) {
      this.dataSource = dataSource;
    }

    @Transactional(readOnly = true)
    public boolean dataSourceBound() {
      return TransactionSynchronizationManager.hasResource(dataSource);
    }
  }

  @Test
  void schemaScriptsRunInOrderOnceSplittingOutsideQuotesAndComments() {
    var scripts =
        "kitesql.schema.locations=classpath:kitesql/tricky.sql,optional:classpath:kitesql/absent.sql";
    runner()
        .withPropertyValues(scripts)
        .run(
            context -> {
              assertThat(context).hasNotFailed();
              var template = context.getBean(KiteSqlTemplate.class);
              assertThat(template.query("select s from t order by id", row -> row.getString(0)))
                  .containsExactly("a;b", "it's; quoted", "x");
            });
    // IF_EMPTY (the default): the database has a table now, so nothing runs again
    runner()
        .withPropertyValues("kitesql.schema.locations=classpath:kitesql/rows.sql")
        .run(
            context ->
                assertThat(
                        context
                            .getBean(KiteSqlTemplate.class)
                            .queryForValue("select count(*) from t", Long.class))
                    .contains(3L));
    runner()
        .withPropertyValues(
            "kitesql.schema.locations=classpath:kitesql/rows.sql", "kitesql.schema.mode=always")
        .run(
            context ->
                assertThat(
                        context
                            .getBean(KiteSqlTemplate.class)
                            .queryForValue("select count(*) from t", Long.class))
                    .contains(4L));
    runner()
        .withPropertyValues(
            "kitesql.schema.locations=classpath:kitesql/rows.sql", "kitesql.schema.mode=never")
        .run(
            context ->
                assertThat(
                        context
                            .getBean(KiteSqlTemplate.class)
                            .queryForValue("select count(*) from t", Long.class))
                    .contains(4L));
  }

  @Test
  void aFailingSchemaScriptFailsStartUpAndAppliesNothing() {
    runner()
        .withPropertyValues("kitesql.schema.locations=classpath:kitesql/broken.sql")
        .run(
            context -> {
              assertThat(context).hasFailed();
              assertThat(context.getStartupFailure())
                  .hasStackTraceContaining(
                      "kitesql.schema.locations[0]: statement 3 of classpath:kitesql/broken.sql failed (nothing of the schema scripts was applied)");
            });
    try (var db = KiteSql.open(dir.resolve("db"))) {
      assertThat(db.catalog().tables()).isEmpty();
    }
    runner()
        .withPropertyValues("kitesql.schema.locations=classpath:kitesql/absent.sql")
        .run(
            context ->
                assertThat(context.getStartupFailure())
                    .hasStackTraceContaining(
                        "kitesql.schema.locations[0]: no script at classpath:kitesql/absent.sql"));
  }

  @Test
  void closesTheDatabaseOnShutdownAndTheDirectoryCanBeOpenedAgain() {
    Database[] opened = new Database[1];
    runner().run(context -> opened[0] = context.getBean(Database.class));
    assertThat(opened[0].isClosed()).isTrue();
    runner().run(context -> assertThat(context).hasNotFailed()); // like a devtools restart
  }

  @Test
  void aTransactionStillOpenAtShutdownIsWaitedForThenReportedNotCrashed(CapturedOutput output)
      throws Exception {
    Database[] opened = new Database[1];
    Thread[] reader = new Thread[1];
    var begun = new CountDownLatch(1);
    var release = new CountDownLatch(1);
    runner()
        .withPropertyValues("kitesql.drain-wait=50ms", "kitesql.close-timeout=200ms")
        .run(
            context -> {
              opened[0] = context.getBean(Database.class);
              var template =
                  new TransactionTemplate(context.getBean(KiteSqlTransactionManager.class));
              template.setReadOnly(true);
              template.setName("ReportService.longReport");
              reader[0] =
                  Thread.ofPlatform()
                      .name("slow-reader")
                      .start(
                          () ->
                              template.executeWithoutResult(
                                  status -> {
                                    begun.countDown();
                                    try {
                                      release.await();
                                    } catch (InterruptedException e) {
                                      Thread.currentThread().interrupt();
                                    }
                                  }));
              begun.await();
            });
    // the context closed without an exception; the database stayed open for the running transaction
    assertThat(opened[0].isClosed()).isFalse();
    // (how many attempts fit in close-timeout depends on the machine's load, so only the outcome is
    // asserted)
    assertThat(output)
        .contains(
            "was not closed",
            "TRANSACTIONS_OPEN",
            "Open transactions: ['ReportService.longReport' (read-only, thread slow-reader");
    release.countDown();
    reader[0].join();
    opened[0].close();
    KiteSqlDatabaseCloser.release(dir.resolve("db").toAbsolutePath().normalize());
  }

  /** What Boot hands a failure analyzer: the application's environment. */
  private MockEnvironment environment() {
    return new MockEnvironment().withProperty("kitesql.path", dir.resolve("db").toString());
  }

  @Test
  void aDirectoryOpenInAnotherContextFailsWithAnAnalysis() {
    runner()
        .run(
            first ->
                runner()
                    .run(
                        second -> {
                          assertThat(second).hasFailed();
                          var analysis =
                              new KiteSqlFailureAnalyzer(environment())
                                  .analyze(second.getStartupFailure());
                          assertThat(analysis).isNotNull();
                          assertThat(analysis.getDescription())
                              .contains("is already open in this JVM");
                          assertThat(first.getBean(Database.class).isClosed()).isFalse();
                        }));
  }

  @Test
  void aFileWhereTheDirectoryShouldBeFailsWithAnAnalysis() throws Exception {
    Files.writeString(dir.resolve("db"), "not a directory");
    runner()
        .run(
            context -> {
              assertThat(context).hasFailed();
              var analysis =
                  new KiteSqlFailureAnalyzer(environment()).analyze(context.getStartupFailure());
              assertThat(analysis.getDescription())
                  .contains(
                      dir.resolve("db").toString(), "(kitesql.path)", "is a file, not a directory");
              assertThat(analysis.getAction()).contains("kitesql.path");
            });
  }

  @Test
  void anUnwritableDirectoryIsExplainedAsSuch() throws Exception {
    // The tests run as root here, for whom no directory is unwritable: this is the exception the
    // engine raises for LMDB's EACCES or EROFS on open
    // (io.kitesql.storage.OpenFailures.notWritable,
    // package-private), built with its code and message.
    var failure =
        new io.kitesql.KiteSqlException(
            io.kitesql.ErrorCode.DATABASE_NOT_WRITABLE,
            "cannot open "
                + dir
                + ": its files cannot be written by this process (mdb_env_open: Permission denied); to read it, open it with"
                + " StorageOptions.readOnly()");
    var analysis =
        new KiteSqlFailureAnalyzer(environment())
            .analyze(new IllegalStateException("wrapped", failure));
    assertThat(analysis.getDescription())
        .contains("(kitesql.path)", "not writable by this process");
  }

  @Test
  void aDirectoryThatIsNoKiteSqlDatabaseFailsWithAnAnalysis() throws Exception {
    Files.createDirectories(dir.resolve("db"));
    Files.write(dir.resolve("db").resolve("data.mdb"), new byte[64 * 1024]);
    runner()
        .run(
            context -> {
              assertThat(context).hasFailed();
              var analysis =
                  new KiteSqlFailureAnalyzer(environment()).analyze(context.getStartupFailure());
              assertThat(analysis.getDescription())
                  .contains("does not hold a KiteSQL database, or its data file is damaged");
            });
  }
}
