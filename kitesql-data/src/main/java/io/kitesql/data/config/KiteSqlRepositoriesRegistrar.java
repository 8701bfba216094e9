package io.kitesql.data.config;

import java.lang.annotation.Annotation;
import org.springframework.data.repository.config.RepositoryBeanDefinitionRegistrarSupport;
import org.springframework.data.repository.config.RepositoryConfigurationExtension;

/** Registers the repositories {@link EnableKiteSqlRepositories} asks for. */
class KiteSqlRepositoriesRegistrar extends RepositoryBeanDefinitionRegistrarSupport {

  @Override
  protected Class<? extends Annotation> getAnnotation() {
    return EnableKiteSqlRepositories.class;
  }

  @Override
  protected RepositoryConfigurationExtension getExtension() {
    return new KiteSqlRepositoryConfigurationExtension();
  }
}
