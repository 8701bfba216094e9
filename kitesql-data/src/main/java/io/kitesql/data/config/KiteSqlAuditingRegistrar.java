package io.kitesql.data.config;

import java.lang.annotation.Annotation;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionBuilder;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.data.auditing.IsNewAwareAuditingHandler;
import org.springframework.data.auditing.config.AuditingBeanDefinitionRegistrarSupport;
import org.springframework.data.auditing.config.AuditingConfiguration;
import org.springframework.data.config.ParsingUtils;
import org.springframework.data.relational.auditing.RelationalAuditingCallback;

/**
 * Registers what {@link EnableKiteSqlAuditing} asks for: an {@link IsNewAwareAuditingHandler} over
 * the KiteSQL mapping context, and the {@link RelationalAuditingCallback} that calls it before each
 * entity is converted for saving.
 */
class KiteSqlAuditingRegistrar extends AuditingBeanDefinitionRegistrarSupport {
  private static final String AUDITING_HANDLER_BEAN_NAME = "kiteSqlAuditingHandler";

  @Override
  protected Class<? extends Annotation> getAnnotation() {
    return EnableKiteSqlAuditing.class;
  }

  @Override
  protected String getAuditingHandlerBeanName() {
    return AUDITING_HANDLER_BEAN_NAME;
  }

  @Override
  protected BeanDefinitionBuilder getAuditHandlerBeanDefinitionBuilder(
      AuditingConfiguration configuration) {
    return configureDefaultAuditHandlerAttributes(
        configuration, BeanDefinitionBuilder.rootBeanDefinition(IsNewAwareAuditingHandler.class));
  }

  @Override
  protected void postProcess(
      BeanDefinitionBuilder builder,
      AuditingConfiguration configuration,
      BeanDefinitionRegistry registry) {
    builder
        .setFactoryMethod("from")
        .addConstructorArgReference(
            KiteSqlRepositoryConfigurationExtension.MAPPING_CONTEXT_BEAN_NAME);
  }

  @Override
  protected void registerAuditListenerBeanDefinition(
      BeanDefinition auditingHandlerDefinition, BeanDefinitionRegistry registry) {
    var callback =
        BeanDefinitionBuilder.rootBeanDefinition(RelationalAuditingCallback.class)
            .addConstructorArgValue(
                ParsingUtils.getObjectFactoryBeanDefinition(AUDITING_HANDLER_BEAN_NAME, null))
            .getBeanDefinition();
    registerInfrastructureBeanWithId(
        callback, RelationalAuditingCallback.class.getName(), registry);
  }
}
