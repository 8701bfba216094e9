package io.kitesql.bench.repository;

import io.kitesql.api.Database;
import io.kitesql.boot.metrics.KiteSqlStatementMetrics;
import io.kitesql.data.config.EnableKiteSqlRepositories;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.sql.Connection;
import java.util.Optional;
import java.util.function.Supplier;
import javax.sql.DataSource;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jdbc.core.convert.JdbcCustomConversions;
import org.springframework.data.jdbc.core.mapping.JdbcMappingContext;
import org.springframework.data.jdbc.repository.config.AbstractJdbcConfiguration;
import org.springframework.data.jdbc.repository.config.EnableJdbcRepositories;
import org.springframework.data.relational.RelationalManagedTypes;
import org.springframework.data.relational.core.mapping.NamingStrategy;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcOperations;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.transaction.annotation.EnableTransactionManagement;

/**
 * The two plain Spring contexts of Table 5 ({@link AnnotationConfigApplicationContext}, no Boot):
 * KiteSQL's repositories over a {@link Database}, and Spring Data JDBC's over one JDBC connection.
 * Each scans this package for {@link OrderRepository} and exposes a {@link ReadOnlyScope}.
 */
public final class RepositoryContexts {
  private RepositoryContexts() {}

  /**
   * KiteSQL's repositories on {@code database}, which the context closes when it closes. With
   * {@code metrics}, the starter's {@link KiteSqlStatementMetrics} (allocation measured, on a
   * {@link SimpleMeterRegistry}) is the database's execution listener and records every statement,
   * as the starter's auto-configuration wires it in an application with a meter registry.
   */
  public static AnnotationConfigApplicationContext kiteSql(
      Supplier<Database> database, boolean metrics) {
    return metrics
        ? kiteSql(database, KiteSqlConfig.class, MetricsConfig.class)
        : kiteSql(database, KiteSqlConfig.class);
  }

  /**
   * KiteSQL's repositories of {@code configs} (a {@link KiteSqlBeans} that scans its own
   * repositories, and any further configuration) on {@code database}, which the context closes when
   * it closes.
   */
  public static AnnotationConfigApplicationContext kiteSql(
      Supplier<Database> database, Class<?>... configs) {
    var context = new AnnotationConfigApplicationContext();
    context.registerBean(
        "database",
        Database.class,
        database,
        definition -> definition.setDestroyMethodName("close"));
    context.register(configs);
    context.refresh();
    return context;
  }

  /**
   * Fails unless the metrics context's registry recorded the repository method's calls: a metrics
   * column that measured nothing would look like free metrics.
   */
  public static void requireRecorded(MeterRegistry registry) {
    var timer = registry.find("kitesql.query").tag("statement", STATEMENT).timer();
    var allocated = registry.find("kitesql.query.allocated").tag("statement", STATEMENT).summary();
    if (timer == null || timer.count() == 0 || allocated == null || allocated.count() == 0) {
      throw new IllegalStateException(
          "the metrics column recorded no kitesql.query / kitesql.query.allocated for "
              + STATEMENT);
    }
  }

  /** The statement name the repository method's meters carry. */
  static final String STATEMENT = "OrderRepository.findByCustomerIdAndStatusAndAmountGreaterThan";

  /**
   * Spring Data JDBC's repositories on {@code connection} (closed with the context). The dialect is
   * found the way Spring Data JDBC finds it by default ({@code DialectResolver}); for a database it
   * has no dialect for, refreshing the context fails, and the exception says so.
   */
  public static AnnotationConfigApplicationContext jdbc(Supplier<Connection> connection) {
    return jdbc(connection, JdbcConfig.class);
  }

  /**
   * {@link #jdbc(Supplier)} with {@code config} (a {@link JdbcBeans} that scans its own
   * repositories).
   */
  public static AnnotationConfigApplicationContext jdbc(
      Supplier<Connection> connection, Class<? extends JdbcBeans> config) {
    var context = new AnnotationConfigApplicationContext();
    // one connection for every call, as a pool of one would give it; the context closes it
    context.registerBean(
        "dataSource",
        SingleConnectionDataSource.class,
        () -> new SingleConnectionDataSource(connection.get(), true),
        definition -> definition.setDestroyMethodName("destroy"));
    context.register(config);
    try {
      context.refresh();
    } catch (RuntimeException e) {
      context.close();
      throw e;
    }
    return context;
  }

  /**
   * The beans KiteSQL's repositories need beside the {@link Database}; a subclass enables the
   * repositories it scans.
   */
  public abstract static class KiteSqlBeans {
    @Bean
    public KiteSqlTemplate kiteSqlTemplate(Database database) {
      return new KiteSqlTemplate(database);
    }

    @Bean
    public KiteSqlTransactionManager kiteSqlTransactionManager(Database database) {
      return new KiteSqlTransactionManager(database);
    }

    @Bean
    public ReadOnlyScope readOnlyScope() {
      return new ReadOnlyScope.KiteSql();
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableTransactionManagement
  @EnableKiteSqlRepositories(basePackageClasses = OrderRepository.class)
  static class KiteSqlConfig extends KiteSqlBeans {}

  /**
   * The starter's statement metrics, the database's listener as its auto-configuration makes them.
   */
  @Configuration(proxyBeanMethods = false)
  static class MetricsConfig {
    @Bean
    MeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }

    @Bean
    KiteSqlStatementMetrics kiteSqlStatementMetrics(MeterRegistry registry, Database database) {
      var metrics = new KiteSqlStatementMetrics(registry, true);
      database.setExecutionListener(metrics);
      return metrics;
    }
  }

  /**
   * The beans Spring Data JDBC's repositories need beside the {@code DataSource}; a subclass
   * enables the repositories it scans.
   */
  public abstract static class JdbcBeans extends AbstractJdbcConfiguration {
    @Bean
    public NamedParameterJdbcOperations namedParameterJdbcOperations(DataSource dataSource) {
      return new NamedParameterJdbcTemplate(dataSource);
    }

    @Bean
    public DataSourceTransactionManager transactionManager(DataSource dataSource) {
      return new DataSourceTransactionManager(dataSource);
    }

    @Bean
    public ReadOnlyScope readOnlyScope() {
      return new ReadOnlyScope.Jdbc();
    }

    /**
     * Unquoted names. The bench's DDL is unquoted, so H2 stores {@code ORDERS}; Spring Data JDBC
     * quotes every name by default and writes the explicit {@code @Table("orders")} as {@code
     * "orders"}, which H2 then does not find. Unquoted, H2 folds the names as it did in the DDL.
     */
    @Override
    @Bean
    public JdbcMappingContext jdbcMappingContext(
        Optional<NamingStrategy> namingStrategy,
        JdbcCustomConversions customConversions,
        RelationalManagedTypes jdbcManagedTypes) {
      var context = super.jdbcMappingContext(namingStrategy, customConversions, jdbcManagedTypes);
      context.setForceQuote(false);
      return context;
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableTransactionManagement
  @EnableJdbcRepositories(basePackageClasses = OrderRepository.class)
  static class JdbcConfig extends JdbcBeans {}
}
