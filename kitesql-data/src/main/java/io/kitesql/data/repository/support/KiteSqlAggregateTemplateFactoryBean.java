package io.kitesql.data.repository.support;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.FactoryBean;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.ApplicationEventPublisherAware;
import org.springframework.util.Assert;

/**
 * The bean {@code kiteSqlAggregateTemplate} that {@code @EnableKiteSqlRepositories} registers: a
 * {@link KiteSqlAggregateTemplate} on the repositories' template and mapping context, with the same
 * custom conversions, entity callbacks and events as the repositories.
 */
public class KiteSqlAggregateTemplateFactoryBean
    implements FactoryBean<KiteSqlAggregateTemplate>,
        BeanFactoryAware,
        ApplicationEventPublisherAware {
  private @Nullable KiteSqlTemplate template;
  private @Nullable KiteSqlMappingContext mappingContext;
  private @Nullable BeanFactory beanFactory;
  private @Nullable ApplicationEventPublisher events;
  private @Nullable KiteSqlAggregateTemplate made;

  public void setTemplate(KiteSqlTemplate template) {
    this.template = template;
  }

  public void setKiteSqlMappingContext(KiteSqlMappingContext mappingContext) {
    this.mappingContext = mappingContext;
  }

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    this.beanFactory = beanFactory;
  }

  @Override
  public void setApplicationEventPublisher(ApplicationEventPublisher events) {
    this.events = events;
  }

  @Override
  public synchronized KiteSqlAggregateTemplate getObject() {
    if (made == null) {
      Assert.state(template != null, "a KiteSqlTemplate is required");
      Assert.state(mappingContext != null, "a KiteSqlMappingContext is required");
      made =
          new KiteSqlAggregateTemplate(
              template,
              mappingContext,
              KiteSqlRepositoryFactoryBean.conversions(beanFactory),
              KiteSqlRepositoryFactoryBean.lifecycle(beanFactory, events));
    }
    return made;
  }

  @Override
  public Class<?> getObjectType() {
    return KiteSqlAggregateTemplate.class;
  }
}
