package io.kitesql.bench.springdata;

import io.kitesql.api.Database;
import io.kitesql.bench.repository.RepositoryContexts;
import io.kitesql.data.config.EnableKiteSqlRepositories;
import java.sql.Connection;
import java.util.function.Supplier;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.jdbc.repository.config.EnableJdbcRepositories;
import org.springframework.transaction.annotation.EnableTransactionManagement;

/**
 * The two plain Spring contexts of Table 7's repository rows ({@link
 * AnnotationConfigApplicationContext}, no Boot), set up as the bench's Table 5 sets up its own:
 * KiteSQL's repositories over a {@link Database}, and Spring Data JDBC's over one JDBC connection.
 * Each scans this package for {@link ItemRepository} and exposes a {@link
 * io.kitesql.bench.repository.ReadOnlyScope}.
 */
public final class ItemContexts {
  private ItemContexts() {}

  /** KiteSQL's repositories on {@code database}, which the context closes when it closes. */
  public static AnnotationConfigApplicationContext kiteSql(Supplier<Database> database) {
    return RepositoryContexts.kiteSql(database, KiteSqlConfig.class);
  }

  /**
   * Spring Data JDBC's repositories on {@code connection} (closed with the context), dialect as its
   * resolver finds it.
   */
  public static AnnotationConfigApplicationContext jdbc(Supplier<Connection> connection) {
    return RepositoryContexts.jdbc(connection, JdbcConfig.class);
  }

  @Configuration(proxyBeanMethods = false)
  @EnableTransactionManagement
  @EnableKiteSqlRepositories(basePackageClasses = ItemRepository.class)
  static class KiteSqlConfig extends RepositoryContexts.KiteSqlBeans {}

  /**
   * Unquoted names: the DDL is unquoted, so H2 stores {@code ITEMS} (as for Table 5's contexts).
   */
  @Configuration(proxyBeanMethods = false)
  @EnableTransactionManagement
  @EnableJdbcRepositories(basePackageClasses = ItemRepository.class)
  static class JdbcConfig extends RepositoryContexts.JdbcBeans {}
}
