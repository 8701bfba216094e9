package io.kitesql.data.transaction;

import io.kitesql.api.Database;
import io.kitesql.api.KiteSql;
import io.kitesql.api.ReadWriteTransaction;
import io.kitesql.api.Transaction;
import io.kitesql.options.Durability;
import io.kitesql.options.StorageOptions;
import java.nio.file.Path;
import java.time.Duration;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.annotation.EnableTransactionManagement;

/**
 * A real engine in a temporary directory, and a Spring context with
 * {@code @EnableTransactionManagement}, the manager under its bean name and {@link TxService}.
 */
abstract class TransactionTestBase {
  @TempDir Path dir;

  Database db;
  AnnotationConfigApplicationContext context;
  KiteSqlTransactionManager manager;
  TxService tx;

  @Configuration(proxyBeanMethods = false)
  @EnableTransactionManagement
  static class Config {
    @Bean(KiteSqlTransactionManager.BEAN_NAME)
    KiteSqlTransactionManager kiteSqlTransactionManager(Database database) {
      return new KiteSqlTransactionManager(database);
    }

    @Bean
    TxService txService(Database database) {
      return new TxService(database);
    }
  }

  /**
   * Short waits, so a transaction left open or a writer waiting for itself fails a test, not hangs
   * it.
   */
  StorageOptions options() {
    return StorageOptions.defaults()
        .withMapSize(64L << 20)
        .withDurability(Durability.NO_SYNC)
        .withWriterWait(Duration.ofSeconds(5))
        .withDrainWait(Duration.ofSeconds(2));
  }

  @BeforeEach
  void openDatabaseAndContext() {
    db = KiteSql.open(dir, options());
    db.execute("create table notes (id int primary key, body varchar)");
    context = new AnnotationConfigApplicationContext();
    context.registerBean(Database.class, () -> db);
    context.register(Config.class);
    context.refresh();
    manager = context.getBean(KiteSqlTransactionManager.class);
    tx = context.getBean(TxService.class);
  }

  /** Closing the database fails if a test left a transaction open. */
  @AfterEach
  void closeContextAndDatabase() {
    context.close();
    db.close();
  }

  /** The KiteSQL transaction bound to this thread, or null. */
  @Nullable Transaction current() {
    return KiteSqlTransactions.current(db).orElse(null);
  }

  /** Inserts a note in the bound transaction, which must be the read-write one. */
  void insert(int id) {
    var bound = KiteSqlTransactions.current(db).orElseThrow();
    ((ReadWriteTransaction) bound).execute("insert into notes values (?, ?)", id, "note " + id);
  }

  /** Notes visible in the bound transaction. */
  long countInCurrent() {
    try (var rows =
        KiteSqlTransactions.current(db).orElseThrow().query("select count(*) from notes")) {
      rows.next();
      return rows.getLong(0);
    }
  }

  /** Notes committed, seen from a fresh snapshot outside Spring. */
  long committed() {
    return db.read(
        t -> {
          try (var rows = t.query("select count(*) from notes")) {
            rows.next();
            return rows.getLong(0);
          }
        });
  }
}
