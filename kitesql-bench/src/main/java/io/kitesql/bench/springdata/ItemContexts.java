package io.kitesql.bench.springdata;

import io.kitesql.api.Database;
import io.kitesql.bench.repository.ReadOnlyScope;
import io.kitesql.data.config.EnableKiteSqlRepositories;
import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.transaction.KiteSqlTransactionManager;
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
 * The two plain Spring contexts of Table 7's repository rows ({@link AnnotationConfigApplicationContext},
 * no Boot), set up as the bench's Table 5 sets up its own: KiteSQL's repositories over a {@link
 * Database}, and Spring Data JDBC's over one JDBC connection. Each scans this package for {@link
 * ItemRepository} and exposes a {@link ReadOnlyScope}.
 */
public final class ItemContexts {
  private ItemContexts() {}

  /** KiteSQL's repositories on {@code database}, which the context closes when it closes. */
  public static AnnotationConfigApplicationContext kiteSql(Supplier<Database> database) {
    var context = new AnnotationConfigApplicationContext();
    context.registerBean("database", Database.class, database, definition -> definition.setDestroyMethodName("close"));
    context.register(KiteSqlConfig.class);
    context.refresh();
    return context;
  }

  /** Spring Data JDBC's repositories on {@code connection} (closed with the context), dialect as its resolver finds it. */
  public static AnnotationConfigApplicationContext jdbc(Supplier<Connection> connection) {
    var context = new AnnotationConfigApplicationContext();
    context.registerBean("dataSource", SingleConnectionDataSource.class,
        () -> new SingleConnectionDataSource(connection.get(), true), definition -> definition.setDestroyMethodName("destroy"));
    context.register(JdbcConfig.class);
    try {
      context.refresh();
    } catch (RuntimeException e) {
      context.close();
      throw e;
    }
    return context;
  }

  @Configuration(proxyBeanMethods = false)
  @EnableTransactionManagement
  @EnableKiteSqlRepositories(basePackageClasses = ItemRepository.class)
  static class KiteSqlConfig {
    @Bean
    KiteSqlTemplate kiteSqlTemplate(Database database) {
      return new KiteSqlTemplate(database);
    }

    @Bean
    KiteSqlTransactionManager kiteSqlTransactionManager(Database database) {
      return new KiteSqlTransactionManager(database);
    }

    @Bean
    ReadOnlyScope readOnlyScope() {
      return new ReadOnlyScope.KiteSql();
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableTransactionManagement
  @EnableJdbcRepositories(basePackageClasses = ItemRepository.class)
  static class JdbcConfig extends AbstractJdbcConfiguration {
    @Bean
    NamedParameterJdbcOperations namedParameterJdbcOperations(DataSource dataSource) {
      return new NamedParameterJdbcTemplate(dataSource);
    }

    @Bean
    DataSourceTransactionManager transactionManager(DataSource dataSource) {
      return new DataSourceTransactionManager(dataSource);
    }

    @Bean
    ReadOnlyScope readOnlyScope() {
      return new ReadOnlyScope.Jdbc();
    }

    /** Unquoted names: the DDL is unquoted, so H2 stores {@code ITEMS} (see the bench's Table 5 contexts). */
    @Override
    @Bean
    public JdbcMappingContext jdbcMappingContext(Optional<NamingStrategy> namingStrategy,
        JdbcCustomConversions customConversions, RelationalManagedTypes jdbcManagedTypes) {
      var context = super.jdbcMappingContext(namingStrategy, customConversions, jdbcManagedTypes);
      context.setForceQuote(false);
      return context;
    }
  }
}
