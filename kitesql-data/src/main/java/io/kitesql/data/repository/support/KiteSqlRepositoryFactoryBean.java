package io.kitesql.data.repository.support;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.mapping.Conversions;
import io.kitesql.data.mapping.KiteSqlCustomConversions;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;
import org.springframework.data.repository.core.support.TransactionalRepositoryFactoryBeanSupport;
import org.springframework.util.Assert;

/**
 * The Spring bean behind each KiteSQL repository interface. Set up by {@code
 * @EnableKiteSqlRepositories}: the {@link KiteSqlTemplate} to run statements with, the mapping
 * context, and the application's {@link KiteSqlCustomConversions} bean if it has one. Repository
 * methods the application annotates with {@code @Transactional} use the KiteSQL transaction
 * manager by default.
 */
public class KiteSqlRepositoryFactoryBean<T extends Repository<S, ID>, S, ID> extends TransactionalRepositoryFactoryBeanSupport<T, S, ID> {
  private @Nullable KiteSqlTemplate template;
  private @Nullable KiteSqlMappingContext mappingContext;
  private @Nullable BeanFactory beanFactory;

  public KiteSqlRepositoryFactoryBean(Class<? extends T> repositoryInterface) {
    super(repositoryInterface);
  }

  public void setTemplate(KiteSqlTemplate template) {
    this.template = template;
  }

  public void setKiteSqlMappingContext(KiteSqlMappingContext mappingContext) {
    this.mappingContext = mappingContext;
    setMappingContext(mappingContext);
  }

  @Override
  public void setBeanFactory(BeanFactory beanFactory) throws BeansException {
    super.setBeanFactory(beanFactory);
    this.beanFactory = beanFactory;
  }

  @Override
  protected RepositoryFactorySupport doCreateRepositoryFactory() {
    Assert.state(template != null, "a KiteSqlTemplate is required (bean 'kiteSqlTemplate', or templateRef of @EnableKiteSqlRepositories)");
    Assert.state(mappingContext != null, "a KiteSqlMappingContext is required");
    var custom = beanFactory == null ? KiteSqlCustomConversions.none()
        : beanFactory.getBeanProvider(KiteSqlCustomConversions.class).getIfAvailable(KiteSqlCustomConversions::none);
    return new KiteSqlRepositoryFactory(template, mappingContext, new Conversions(custom));
  }
}
