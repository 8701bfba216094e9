package io.kitesql.boot.flyway;

import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanClassLoaderAware;
import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * Leaves out Boot's JDBC {@code DataSourceAutoConfiguration} when a migration tool is to migrate
 * the KiteSQL database as the application's only one: Flyway and {@code kitesql-flyway}, or
 * Liquibase and {@code kitesql-liquibase}, on the class path, neither the tool's {@code
 * spring.<tool>.enabled} nor {@code kitesql.<tool>.enabled} false, and no {@code
 * spring.datasource.url}. Otherwise the tool's Boot starter (which brings HikariCP) would make Boot
 * create a pool without a URL, and start-up would fail; the KiteSQL DataSource of {@link
 * KiteSqlFlywayAutoConfiguration} (or {@code io.kitesql.boot.liquibase}'s) takes its place.
 * Registered in {@code META-INF/spring.factories}.
 */
public final class KiteSqlOnlyDatabaseFilter
    implements AutoConfigurationImportFilter, EnvironmentAware, BeanClassLoaderAware {
  static final String DATA_SOURCE_AUTO_CONFIGURATION =
      "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration";
  private static final List<MigrationTool> TOOLS =
      List.of(
          new MigrationTool(
              "flyway",
              List.of("org.flywaydb.core.Flyway", "io.kitesql.flyway.KiteSqlDatabaseType")),
          // Boot's Liquibase module too: liquibase-core alone (a library's dependency) runs nothing
          // at start-up
          new MigrationTool(
              "liquibase",
              List.of(
                  "liquibase.integration.spring.SpringLiquibase",
                  "io.kitesql.liquibase.KiteSqlLiquibaseDatabase",
                  "org.springframework.boot.liquibase.autoconfigure.LiquibaseAutoConfiguration")));

  /**
   * A migration tool: its name in {@code spring.<name>.*} and {@code kitesql.<name>.*}, and the
   * classes it needs.
   */
  private record MigrationTool(String name, List<String> requiredClasses) {}

  private @Nullable Environment environment;
  private @Nullable ClassLoader classLoader;

  @Override
  public void setEnvironment(Environment environment) {
    this.environment = environment;
  }

  @Override
  public void setBeanClassLoader(ClassLoader classLoader) {
    this.classLoader = classLoader;
  }

  @Override
  public boolean[] match(String[] autoConfigurationClasses, AutoConfigurationMetadata metadata) {
    var matches = new boolean[autoConfigurationClasses.length];
    boolean kiteSqlOnly = kiteSqlOnly();
    for (int i = 0; i < matches.length; i++) {
      matches[i] =
          !(kiteSqlOnly && DATA_SOURCE_AUTO_CONFIGURATION.equals(autoConfigurationClasses[i]));
    }
    return matches;
  }

  private boolean kiteSqlOnly() {
    var env = environment;
    if (env == null
        || env.containsProperty("spring.datasource.url")
        || !ClassUtils.isPresent("io.kitesql.jdbc.KiteSqlDataSource", classLoader)
        || !ClassUtils.isPresent("io.kitesql.api.Database", classLoader)) {
      return false;
    }
    return TOOLS.stream()
        .anyMatch(
            tool ->
                tool.requiredClasses().stream()
                        .allMatch(name -> ClassUtils.isPresent(name, classLoader))
                    && env.getProperty("spring." + tool.name() + ".enabled", Boolean.class, true)
                    && env.getProperty("kitesql." + tool.name() + ".enabled", Boolean.class, true));
  }
}
