package io.kitesql.boot.flyway;

import java.util.Arrays;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanClassLoaderAware;
import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * Leaves out Boot's JDBC {@code DataSourceAutoConfiguration} when Flyway is to migrate the KiteSQL
 * database as the application's only one: Flyway and {@code kitesql-flyway} on the class path,
 * neither {@code spring.flyway.enabled} nor {@code kitesql.flyway.enabled} false, and no {@code
 * spring.datasource.url}. Otherwise {@code spring-boot-starter-flyway} (which brings HikariCP)
 * would make Boot create a pool without a URL, and start-up would fail; the KiteSQL DataSource of
 * {@link KiteSqlFlywayAutoConfiguration} takes its place. Registered in {@code
 * META-INF/spring.factories}.
 */
public final class KiteSqlOnlyDatabaseFilter implements AutoConfigurationImportFilter, EnvironmentAware, BeanClassLoaderAware {
  static final String DATA_SOURCE_AUTO_CONFIGURATION = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration";
  private static final String[] REQUIRED_CLASSES = {"org.flywaydb.core.Flyway", "io.kitesql.flyway.KiteSqlDatabaseType",
      "io.kitesql.jdbc.KiteSqlDataSource", "io.kitesql.api.Database"};

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
      matches[i] = !(kiteSqlOnly && DATA_SOURCE_AUTO_CONFIGURATION.equals(autoConfigurationClasses[i]));
    }
    return matches;
  }

  private boolean kiteSqlOnly() {
    var env = environment;
    if (env == null || !Arrays.stream(REQUIRED_CLASSES).allMatch(name -> ClassUtils.isPresent(name, classLoader))) {
      return false;
    }
    return env.getProperty("spring.flyway.enabled", Boolean.class, true)
        && env.getProperty("kitesql.flyway.enabled", Boolean.class, true)
        && !env.containsProperty("spring.datasource.url");
  }
}
