package io.kitesql.boot.liquibase;

import io.kitesql.api.Database;
import io.kitesql.boot.autoconfigure.KiteSqlAutoConfiguration;
import io.kitesql.boot.autoconfigure.KiteSqlProperties;
import io.kitesql.boot.autoconfigure.KiteSqlProperties.SchemaMode;
import io.kitesql.jdbc.KiteSqlDataSource;
import javax.sql.DataSource;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.liquibase.autoconfigure.LiquibaseDataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.ResourceLoader;

/**
 * Lets Spring Boot's Liquibase auto-configuration migrate the starter's KiteSQL {@link Database} at
 * start-up, when the application has {@code spring-boot-starter-liquibase} and {@code
 * kitesql-liquibase}, and KiteSQL is its only database (no {@code spring.datasource.url}, no {@link
 * DataSource} bean): a {@link KiteSqlDataSource} on the database's directory, named {@value
 * #DATA_SOURCE_BEAN_NAME}, becomes the application's DataSource and Liquibase's ({@link
 * LiquibaseDataSource @LiquibaseDataSource}); Boot's JDBC DataSource auto-configuration is left out
 * ({@code io.kitesql.boot.flyway.KiteSqlOnlyDatabaseFilter}), so the KiteSQL transaction manager
 * stays the application's. With another DataSource, Liquibase migrates that one, as Boot does
 * without KiteSQL. {@code kitesql.liquibase.enabled=false} or {@code
 * spring.liquibase.enabled=false}: the starter does nothing for Liquibase.
 *
 * <p>Schema scripts ({@code kitesql.schema.*}) beside Liquibase are refused at start-up, unless
 * {@code kitesql.schema.mode=never}: both would set up the schema, in an order nobody chose.
 */
@AutoConfiguration(
    after = KiteSqlAutoConfiguration.class,
    afterName = {
      "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
      // after these, so that the KiteSQL DataSource gets no JdbcTemplate or
      // DataSourceTransactionManager
      "org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration",
      "org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration",
      // Flyway's, when both are present, registers the same DataSource first
      "io.kitesql.boot.flyway.KiteSqlFlywayAutoConfiguration"
    },
    beforeName = "org.springframework.boot.liquibase.autoconfigure.LiquibaseAutoConfiguration")
@ConditionalOnClass(
    name = {
      "liquibase.integration.spring.SpringLiquibase",
      "io.kitesql.liquibase.KiteSqlLiquibaseDatabase",
      "io.kitesql.jdbc.KiteSqlDataSource",
      "org.springframework.boot.liquibase.autoconfigure.LiquibaseDataSource"
    })
@ConditionalOnBean(Database.class)
@ConditionalOnMissingBean(DataSource.class)
@ConditionalOnBooleanProperty(name = "spring.liquibase.enabled", matchIfMissing = true)
@ConditionalOnBooleanProperty(name = "kitesql.liquibase.enabled", matchIfMissing = true)
public final class KiteSqlLiquibaseAutoConfiguration {
  /** Bean name of the KiteSQL DataSource Liquibase migrates through. */
  public static final String DATA_SOURCE_BEAN_NAME = "kiteSqlDataSource";

  private static final String OPTIONAL = "optional:";

  @Bean(name = DATA_SOURCE_BEAN_NAME)
  @LiquibaseDataSource
  KiteSqlDataSource kiteSqlDataSource(
      Database database, KiteSqlProperties properties, ResourceLoader resources) {
    refuseSchemaScripts(properties.getSchema(), resources, database);
    // No options in the URL: it joins the instance the starter opened, whatever its options.
    return new KiteSqlDataSource("jdbc:kitesql:" + location(properties.getPath(), database));
  }

  /** What the URL names: the directory, or the in-memory database's {@code mem:<name>}. */
  private static String location(String path, Database database) {
    if (path.equals("mem:")) {
      throw new IllegalStateException(
          "kitesql.path=mem: is an in-memory database of this application context"
              + " alone, which Liquibase cannot reach through a jdbc:kitesql: URL: name it (kitesql.path=mem:<name>),"
              + " or set kitesql.liquibase.enabled=false");
    }
    return path.startsWith("mem:") ? path : database.directory().toString();
  }

  /**
   * Throws if a {@code kitesql.schema.locations} script would run (an optional one that is missing
   * would not).
   */
  private static void refuseSchemaScripts(
      KiteSqlProperties.Schema schema, ResourceLoader resources, Database database) {
    if (schema.getMode() == SchemaMode.NEVER) {
      return;
    }
    var scripts =
        schema.getLocations().stream()
            .filter(
                location ->
                    !location.startsWith(OPTIONAL)
                        || resources.getResource(location.substring(OPTIONAL.length())).exists())
            .toList();
    if (!scripts.isEmpty()) {
      throw new IllegalStateException(
          "KiteSQL schema scripts (kitesql.schema.locations: "
              + scripts
              + ") and Liquibase (spring.liquibase) would both set up the schema of the database at "
              + database.directory()
              + ": move the scripts into the changelog (a sqlFile or sql change)"
              + " or set kitesql.schema.mode=never");
    }
  }
}
