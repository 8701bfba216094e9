package io.kitesql.data.config;

import io.kitesql.data.aot.KiteSqlRepositoryRegistrationAotProcessor;
import io.kitesql.data.core.KiteSqlExceptionTranslator;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import io.kitesql.data.repository.KiteSqlRepository;
import io.kitesql.data.repository.support.KiteSqlAggregateTemplateFactoryBean;
import io.kitesql.data.repository.support.KiteSqlRepositoryFactoryBean;
import java.lang.annotation.Annotation;
import java.util.Collection;
import java.util.List;
import org.springframework.beans.factory.aot.BeanRegistrationAotProcessor;
import org.springframework.beans.factory.support.BeanDefinitionBuilder;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.data.repository.config.RepositoryConfigurationExtensionSupport;
import org.springframework.data.repository.config.RepositoryConfigurationSource;

/**
 * KiteSQL's part in Spring Data's repository configuration. In an application with several Spring
 * Data modules, a repository is KiteSQL's when it extends {@link KiteSqlRepository}; {@code @Table}
 * is deliberately not claimed, since Spring Data JDBC identifies its repositories by it. With
 * KiteSQL the only module, every repository interface is KiteSQL's.
 */
public class KiteSqlRepositoryConfigurationExtension
    extends RepositoryConfigurationExtensionSupport {
  /** The mapping context bean shared by every KiteSQL repository. */
  public static final String MAPPING_CONTEXT_BEAN_NAME = "kiteSqlMappingContext";

  /** Translates engine errors for Spring's repository exception translation. */
  public static final String EXCEPTION_TRANSLATOR_BEAN_NAME = "kiteSqlExceptionTranslator";

  /** Entity operations without a repository interface ({@code KiteSqlAggregateTemplate}). */
  public static final String AGGREGATE_TEMPLATE_BEAN_NAME = "kiteSqlAggregateTemplate";

  @Override
  public String getModuleName() {
    return "KiteSQL";
  }

  @Override
  @SuppressWarnings("deprecation") // deprecated, yet abstract in Spring Data Commons 4.1
  protected String getModulePrefix() {
    return "kitesql";
  }

  @Override
  public String getRepositoryFactoryBeanClassName() {
    return KiteSqlRepositoryFactoryBean.class.getName();
  }

  /**
   * Generates query methods at build time (Spring AOT) and registers the hints of what they return.
   */
  @Override
  public Class<? extends BeanRegistrationAotProcessor> getRepositoryAotProcessor() {
    return KiteSqlRepositoryRegistrationAotProcessor.class;
  }

  @Override
  protected Collection<Class<?>> getIdentifyingTypes() {
    return List.of(KiteSqlRepository.class);
  }

  @Override
  protected Collection<Class<? extends Annotation>> getIdentifyingAnnotations() {
    return List.of();
  }

  @Override
  public void registerBeansForRoot(
      BeanDefinitionRegistry registry, RepositoryConfigurationSource configurationSource) {
    super.registerBeansForRoot(registry, configurationSource);
    var source = configurationSource.getSource();
    registerIfNotAlreadyRegistered(
        () ->
            BeanDefinitionBuilder.rootBeanDefinition(KiteSqlMappingContext.class)
                .getBeanDefinition(),
        registry,
        MAPPING_CONTEXT_BEAN_NAME,
        source);
    registerIfNotAlreadyRegistered(
        () ->
            BeanDefinitionBuilder.rootBeanDefinition(KiteSqlExceptionTranslator.class)
                .getBeanDefinition(),
        registry,
        EXCEPTION_TRANSLATOR_BEAN_NAME,
        source);
    registerIfNotAlreadyRegistered(
        () ->
            BeanDefinitionBuilder.rootBeanDefinition(KiteSqlAggregateTemplateFactoryBean.class)
                .addPropertyReference(
                    "template",
                    configurationSource.getAttribute("templateRef").orElse("kiteSqlTemplate"))
                .addPropertyReference("kiteSqlMappingContext", MAPPING_CONTEXT_BEAN_NAME)
                .getBeanDefinition(),
        registry,
        AGGREGATE_TEMPLATE_BEAN_NAME,
        source);
  }

  @Override
  public void postProcess(BeanDefinitionBuilder builder, RepositoryConfigurationSource source) {
    builder.addPropertyReference("kiteSqlMappingContext", MAPPING_CONTEXT_BEAN_NAME);
    builder.addPropertyReference(
        "template", source.getAttribute("templateRef").orElse("kiteSqlTemplate"));
    builder.addPropertyValue(
        "transactionManager",
        source.getAttribute("transactionManagerRef").orElse("kiteSqlTransactionManager"));
  }
}
