package io.kitesql.boot.test.autoconfigure;

import io.kitesql.boot.autoconfigure.KiteSqlAutoConfiguration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.core.env.MapPropertySource;

/**
 * Makes a fresh directory for the context's database before any bean is created, points {@code
 * kitesql.path} at it (ahead of every other property source) and deletes it with its files when the
 * context closes. The auto-configured database bean is made to depend on this one, so Spring closes
 * the database first.
 */
final class TemporaryDatabaseDirectory
    implements BeanFactoryPostProcessor, EnvironmentAware, DisposableBean {
  static final String BEAN_NAME = "kiteSqlTemporaryDatabaseDirectory";
  static final String PROPERTY_SOURCE_NAME = "kiteSqlTestDatabase";

  private @Nullable ConfigurableEnvironment environment;
  private @Nullable Path directory;

  @Override
  public void setEnvironment(Environment environment) {
    if (!(environment instanceof ConfigurableEnvironment configurable)) {
      throw new IllegalStateException(
          "A KiteSQL test database needs a ConfigurableEnvironment to set kitesql.path in, not "
              + environment.getClass().getName());
    }
    this.environment = configurable;
  }

  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
    if (environment == null) {
      throw new IllegalStateException(
          "setEnvironment was not called before postProcessBeanFactory");
    }
    try {
      directory = Files.createTempDirectory("kitesql-test-");
    } catch (IOException e) {
      throw new IllegalStateException(
          "Cannot create a temporary directory for the KiteSQL test database", e);
    }
    environment
        .getPropertySources()
        .addFirst(
            new MapPropertySource(
                PROPERTY_SOURCE_NAME, Map.of("kitesql.path", directory.toString())));
    var database = KiteSqlAutoConfiguration.DATABASE_BEAN_NAME;
    if (beanFactory.containsBeanDefinition(database)) {
      var definition = beanFactory.getBeanDefinition(database);
      var dependsOn = Optional.ofNullable(definition.getDependsOn()).orElse(new String[0]);
      definition.setDependsOn(
          Stream.concat(Arrays.stream(dependsOn), Stream.of(BEAN_NAME)).toArray(String[]::new));
    }
  }

  /** Runs after the database bean (which depends on this one) was closed. */
  @Override
  public void destroy() throws IOException {
    if (directory == null || !Files.exists(directory)) {
      return;
    }
    try (var paths = Files.walk(directory)) {
      for (var path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
