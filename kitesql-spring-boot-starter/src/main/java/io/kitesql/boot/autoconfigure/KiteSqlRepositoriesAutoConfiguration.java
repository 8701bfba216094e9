package io.kitesql.boot.autoconfigure;

import io.kitesql.data.config.EnableKiteSqlRepositories;
import io.kitesql.data.config.KiteSqlRepositoryConfigurationExtension;
import io.kitesql.data.core.KiteSqlTemplate;
import java.lang.annotation.Annotation;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.data.AbstractRepositoryConfigurationSourceSupport;
import org.springframework.context.annotation.Import;
import org.springframework.data.repository.config.RepositoryConfigurationExtension;

/**
 * KiteSQL repositories for the interfaces in the application's packages (those of its
 * {@code @SpringBootApplication}), as {@code @EnableKiteSqlRepositories} there would make them.
 * Backs off when the application declares {@code @EnableKiteSqlRepositories} itself, and with
 * {@code kitesql.repositories.enabled=false}.
 */
@AutoConfiguration(after = KiteSqlAutoConfiguration.class)
@ConditionalOnClass(EnableKiteSqlRepositories.class)
@ConditionalOnBean(KiteSqlTemplate.class)
@ConditionalOnBooleanProperty(name = "kitesql.repositories.enabled", matchIfMissing = true)
@ConditionalOnMissingBean(KiteSqlRepositoryConfigurationExtension.class)
@Import(KiteSqlRepositoriesAutoConfiguration.Registrar.class)
public final class KiteSqlRepositoriesAutoConfiguration {

  /** Registers the repositories found from the auto-configuration packages. */
  static final class Registrar extends AbstractRepositoryConfigurationSourceSupport {
    @Override
    protected Class<? extends Annotation> getAnnotation() {
      return EnableKiteSqlRepositories.class;
    }

    @Override
    protected Class<?> getConfiguration() {
      return EnableKiteSqlRepositoriesConfiguration.class;
    }

    @Override
    protected RepositoryConfigurationExtension getRepositoryConfigurationExtension() {
      return new KiteSqlRepositoryConfigurationExtension();
    }

    @EnableKiteSqlRepositories
    private static final class EnableKiteSqlRepositoriesConfiguration {}
  }
}
