package io.kitesql.boot.flyway;

import io.kitesql.api.Database;
import io.kitesql.boot.autoconfigure.KiteSqlAutoConfiguration;
import io.kitesql.boot.autoconfigure.KiteSqlProperties;
import io.kitesql.jdbc.KiteSqlDataSource;
import javax.sql.DataSource;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.flyway.autoconfigure.FlywayDataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.ResourceLoader;

/**
 * Lets Spring Boot's Flyway auto-configuration migrate the starter's KiteSQL {@link Database} at
 * start-up, when the application has {@code spring-boot-starter-flyway} and {@code kitesql-flyway}.
 *
 * <p>Which database Flyway migrates:
 *
 * <ul>
 *   <li>KiteSQL is the only database (no {@code spring.datasource.url}, no {@link DataSource} bean;
 *       {@link KiteSqlOnlyDatabaseFilter} leaves Boot's DataSource auto-configuration out): a
 *       {@link KiteSqlDataSource} on the database's directory, named {@value
 *       #DATA_SOURCE_BEAN_NAME}, becomes the application's DataSource and Flyway's ({@link
 *       FlywayDataSource @FlywayDataSource}).
 *   <li>The application has another DataSource (H2, PostgreSQL, ...): Flyway keeps migrating that
 *       one, unless {@code kitesql.flyway.enabled=true}; then the KiteSQL DataSource is registered
 *       as Flyway's only ({@code @FlywayDataSource}, no default candidate), and the other stays the
 *       application's DataSource for everything else.
 *   <li>{@code kitesql.flyway.enabled=false} or {@code spring.flyway.enabled=false}: neither.
 * </ul>
 *
 * <p>When Flyway migrates KiteSQL, the template (and so the repositories), the schema initializer
 * and the start-up analysis wait for the migration ({@link KiteSqlMigrationDependents}), and schema
 * scripts ({@code kitesql.schema.*}) beside it are refused at start-up.
 */
@AutoConfiguration(
    after = KiteSqlAutoConfiguration.class,
    afterName = {
      "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
      // after these, so that the KiteSQL DataSource gets no JdbcTemplate or
      // DataSourceTransactionManager
      "org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration",
      "org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration"
    },
    beforeName = "org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration")
@ConditionalOnClass(
    name = {
      "org.flywaydb.core.Flyway",
      "io.kitesql.flyway.KiteSqlDatabaseType",
      "io.kitesql.jdbc.KiteSqlDataSource",
      "org.springframework.boot.flyway.autoconfigure.FlywayDataSource"
    })
@ConditionalOnBean(Database.class)
@ConditionalOnBooleanProperty(name = "spring.flyway.enabled", matchIfMissing = true)
public final class KiteSqlFlywayAutoConfiguration {
  /** Bean name of the KiteSQL DataSource Flyway migrates through. */
  public static final String DATA_SOURCE_BEAN_NAME = "kiteSqlDataSource";

  static KiteSqlDataSource dataSource(
      Database database, KiteSqlProperties properties, ResourceLoader resources) {
    SchemaScriptsBesideFlyway.refuse(properties.getSchema(), resources, database.directory());
    // No options in the URL: it joins the instance the starter opened, whatever its options.
    return new KiteSqlDataSource("jdbc:kitesql:" + location(properties.getPath(), database));
  }

  /** What the URL names: the directory, or the in-memory database's {@code mem:<name>}. */
  private static String location(String path, Database database) {
    if (path.equals("mem:")) {
      throw new IllegalStateException(
          "kitesql.path=mem: is an in-memory database of this application context"
              + " alone, which Flyway cannot reach through a jdbc:kitesql: URL: name it (kitesql.path=mem:<name>),"
              + " or set kitesql.flyway.enabled=false");
    }
    return path.startsWith("mem:") ? path : database.directory().toString();
  }

  /** No other DataSource: the KiteSQL one is the application's, and Flyway's. */
  @Configuration(proxyBeanMethods = false)
  @Order(1)
  @ConditionalOnMissingBean(DataSource.class)
  @ConditionalOnBooleanProperty(name = "kitesql.flyway.enabled", matchIfMissing = true)
  static class OnlyDataSource {
    @Bean(name = DATA_SOURCE_BEAN_NAME)
    @FlywayDataSource
    KiteSqlDataSource kiteSqlDataSource(
        Database database, KiteSqlProperties properties, ResourceLoader resources) {
      return dataSource(database, properties, resources);
    }
  }

  /** Another DataSource is the application's: the KiteSQL one is Flyway's only, when asked for. */
  @Configuration(proxyBeanMethods = false)
  @Order(2)
  @ConditionalOnBean(DataSource.class)
  @ConditionalOnMissingBean(name = DATA_SOURCE_BEAN_NAME)
  @ConditionalOnBooleanProperty(name = "kitesql.flyway.enabled")
  static class BesideOtherDataSource {
    @Bean(name = DATA_SOURCE_BEAN_NAME, defaultCandidate = false)
    @FlywayDataSource
    KiteSqlDataSource kiteSqlDataSource(
        Database database, KiteSqlProperties properties, ResourceLoader resources) {
      return dataSource(database, properties, resources);
    }
  }
}
