package io.kitesql.boot.autoconfigure;

import io.kitesql.api.Database;
import io.kitesql.boot.metrics.FullScanWarnings;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.transaction.autoconfigure.TransactionManagerCustomizationAutoConfiguration;
import org.springframework.boot.transaction.autoconfigure.TransactionManagerCustomizers;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.ResourceLoader;
import org.springframework.transaction.TransactionManager;

/**
 * The KiteSQL {@link Database} (opened from {@code kitesql.*}, closed at shutdown after the beans
 * using it), schema scripts, a {@link KiteSqlTemplate} named {@code kiteSqlTemplate} (what
 * repositories run on) and the {@link KiteSqlTransactionManager} named {@value
 * KiteSqlTransactionManager#BEAN_NAME}. Each backs off when the application declares its own.
 *
 * <p>Transaction managers: this runs after Boot's JDBC, JPA and Neo4j transaction
 * auto-configurations and before {@code TransactionAutoConfiguration}. When ours is the only
 * transaction manager, it is the default one: a plain {@code @Transactional(readOnly = true)} runs
 * in an LMDB read transaction, and Boot's {@code TransactionTemplate} uses it. When the application
 * has another one, ours is registered as a non-default candidate: unqualified
 * {@code @Transactional} and injection by type keep meaning theirs, and {@code @ReadOnlyTxn} or
 * {@code @Transactional(transactionManager = "kiteSqlTransactionManager")} reach ours.
 */
@AutoConfiguration(
    after = TransactionManagerCustomizationAutoConfiguration.class,
    beforeName = "org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration",
    afterName = {
      "org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration",
      "org.springframework.boot.hibernate.autoconfigure.HibernateJpaAutoConfiguration",
      "org.springframework.boot.data.neo4j.autoconfigure.DataNeo4jAutoConfiguration",
      "org.springframework.boot.transaction.jta.autoconfigure.JtaAutoConfiguration"
    })
@ConditionalOnClass({Database.class, KiteSqlTemplate.class})
@EnableConfigurationProperties(KiteSqlProperties.class)
public final class KiteSqlAutoConfiguration {
  /** Bean name of the auto-configured database. */
  public static final String DATABASE_BEAN_NAME = "kiteSqlDatabase";

  /** Bean name of the template repositories use. */
  public static final String TEMPLATE_BEAN_NAME = "kiteSqlTemplate";

  @Bean
  static KiteSqlDatabaseCloser kiteSqlDatabaseCloser() {
    return new KiteSqlDatabaseCloser();
  }

  @Bean
  @ConditionalOnMissingBean
  KiteSqlTransactionStatistics kiteSqlTransactionStatistics() {
    return new KiteSqlTransactionStatistics();
  }

  @Bean(name = DATABASE_BEAN_NAME, destroyMethod = "")
  @ConditionalOnMissingBean
  Database kiteSqlDatabase(
      KiteSqlProperties properties,
      KiteSqlDatabaseCloser closer,
      ObjectProvider<KiteSqlTransactionStatistics> transactions) {
    var options = properties.toStorageOptions();
    var claimed = KiteSqlDatabaseCloser.claim(DatabaseLocation.claimKey(properties.getPath()));
    try {
      var database = DatabaseLocation.open(claimed, options);
      closer.manage(database, claimed, properties.getCloseTimeout(), transactions.getIfUnique());
      var memoryLimit = properties.getQueryMemoryLimit();
      if (memoryLimit != null) {
        database.setQueryMemoryLimit(memoryLimit.toBytes());
      }
      database.setStatementTimeout(properties.getStatementTimeout());
      return database;
    } catch (RuntimeException e) {
      KiteSqlDatabaseCloser.release(claimed);
      throw e;
    }
  }

  @Bean
  @ConditionalOnMissingBean
  KiteSqlSchemaInitializer kiteSqlSchemaInitializer(
      Database database, KiteSqlProperties properties, ResourceLoader resources) {
    return new KiteSqlSchemaInitializer(database, properties.getSchema(), resources);
  }

  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBooleanProperty(name = "kitesql.analyze-on-startup", matchIfMissing = true)
  KiteSqlStartupAnalysis kiteSqlStartupAnalysis(
      Database database,
      KiteSqlProperties properties,
      ObjectProvider<KiteSqlSchemaInitializer> schema) {
    schema.orderedStream().forEach(initializer -> {}); // measure the tables the scripts made
    return new KiteSqlStartupAnalysis(database, properties.isReadOnly());
  }

  /**
   * Repository methods (at start-up) and other named statements (at first run) that scan whole
   * tables.
   */
  @Bean
  @ConditionalOnMissingBean
  @ConditionalOnBooleanProperty(name = "kitesql.metrics.warn-full-scans", matchIfMissing = true)
  FullScanWarnings kiteSqlFullScanWarnings(Database database) {
    return new FullScanWarnings(database);
  }

  /**
   * Depends on the schema initializers, so repositories never see a database without its schema.
   */
  @Bean(name = TEMPLATE_BEAN_NAME)
  @ConditionalOnMissingBean
  KiteSqlTemplate kiteSqlTemplate(
      Database database, ObjectProvider<KiteSqlSchemaInitializer> schema) {
    schema.orderedStream().forEach(initializer -> {});
    return new KiteSqlTemplate(database);
  }

  static KiteSqlTransactionManager transactionManager(
      Database database,
      ObjectProvider<TransactionManagerCustomizers> customizers,
      ObjectProvider<KiteSqlTransactionStatistics> statistics) {
    var manager = new KiteSqlTransactionManager(database);
    statistics.ifUnique(manager::addListener);
    customizers.ifAvailable(c -> c.customize(manager));
    return manager;
  }

  /**
   * The application has another transaction manager (Boot's JDBC or JPA one, or its own): ours is
   * no default candidate, so by-type lookups (unqualified {@code @Transactional}, {@code
   * TransactionTemplate}) keep finding theirs. Registered first: the next configuration then sees a
   * transaction manager and stays out.
   */
  @Configuration(proxyBeanMethods = false)
  @Order(1)
  @ConditionalOnBean(TransactionManager.class)
  @ConditionalOnMissingBean(name = KiteSqlTransactionManager.BEAN_NAME)
  static class OtherTransactionManagerPresent {
    @Bean(name = KiteSqlTransactionManager.BEAN_NAME, defaultCandidate = false)
    KiteSqlTransactionManager kiteSqlTransactionManager(
        Database database,
        ObjectProvider<TransactionManagerCustomizers> customizers,
        ObjectProvider<KiteSqlTransactionStatistics> statistics) {
      return transactionManager(database, customizers, statistics);
    }
  }

  /** Ours is the only transaction manager, so the application's default one. */
  @Configuration(proxyBeanMethods = false)
  @Order(2)
  @ConditionalOnMissingBean(
      value = TransactionManager.class,
      name = KiteSqlTransactionManager.BEAN_NAME)
  static class OnlyTransactionManager {
    @Bean(name = KiteSqlTransactionManager.BEAN_NAME)
    KiteSqlTransactionManager kiteSqlTransactionManager(
        Database database,
        ObjectProvider<TransactionManagerCustomizers> customizers,
        ObjectProvider<KiteSqlTransactionStatistics> statistics) {
      return transactionManager(database, customizers, statistics);
    }
  }
}
