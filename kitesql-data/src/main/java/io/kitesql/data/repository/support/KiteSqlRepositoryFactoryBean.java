package io.kitesql.data.repository.support;

import io.kitesql.data.core.KiteSqlTemplate;
import io.kitesql.data.mapping.Conversions;
import io.kitesql.data.mapping.KiteSqlCustomConversions;
import io.kitesql.data.mapping.KiteSqlMappingContext;
import io.kitesql.data.mapping.event.EntityLifecycle;
import io.kitesql.data.repository.query.KiteSqlRepositoryQuery;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.BeansException;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.core.support.RepositoryFactoryBeanSupport;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;
import org.springframework.util.Assert;

/**
 * The Spring bean behind each KiteSQL repository interface. Set up by
 * {@code @EnableKiteSqlRepositories}: the {@link KiteSqlTemplate} to run statements with, the
 * mapping context, and the application's {@link KiteSqlCustomConversions} bean if it has one.
 *
 * <p>Repository methods need no transaction interceptor: each statement joins the current
 * transaction or runs in a short one of its own, and engine errors are translated where they arise.
 * A repository the application annotates with {@code @Transactional} (on the interface or a method)
 * gets one, using the KiteSQL transaction manager unless the annotation names another.
 *
 * <p>The context's {@code EntityCallback} beans and its event publisher make the repositories'
 * {@link EntityLifecycle}; Spring Data Commons publishes domain events ({@code @DomainEvents},
 * {@code AbstractAggregateRoot}) after {@code save*} and {@code delete*} methods.
 */
public class KiteSqlRepositoryFactoryBean<T extends Repository<S, ID>, S, ID>
    extends RepositoryFactoryBeanSupport<T, S, ID> {
  private @Nullable KiteSqlTemplate template;
  private @Nullable KiteSqlMappingContext mappingContext;
  private @Nullable BeanFactory beanFactory;
  private @Nullable ApplicationEventPublisher events;
  private String transactionManager = "kiteSqlTransactionManager";

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

  /** The transaction manager bean for {@code @Transactional} repository methods. */
  public void setTransactionManager(String transactionManager) {
    this.transactionManager = transactionManager;
  }

  @Override
  public void setBeanFactory(BeanFactory beanFactory) throws BeansException {
    super.setBeanFactory(beanFactory);
    this.beanFactory = beanFactory;
  }

  /**
   * Also publishes Spring Data Relational's lifecycle events ({@code BeforeSaveEvent} and so on).
   */
  @Override
  public void setApplicationEventPublisher(ApplicationEventPublisher publisher) {
    super.setApplicationEventPublisher(publisher);
    this.events = publisher;
  }

  @Override
  protected RepositoryFactorySupport createRepositoryFactory() {
    Assert.state(
        template != null,
        "a KiteSqlTemplate is required (bean 'kiteSqlTemplate', or templateRef of @EnableKiteSqlRepositories)");
    Assert.state(mappingContext != null, "a KiteSqlMappingContext is required");
    var factory =
        new KiteSqlRepositoryFactory(
            template, mappingContext, conversions(beanFactory), lifecycle(beanFactory, events));
    if (beanFactory != null && TransactionalMethods.areDeclaredOn(getObjectType())) {
      factory.addRepositoryProxyPostProcessor(
          new TransactionalMethods(beanFactory, transactionManager));
    }
    if (beanFactory != null) {
      beanFactory
          .getBeanProvider(RepositoryQueryListener.class)
          .orderedStream()
          .forEach(
              listener ->
                  factory.addQueryCreationListener(
                      (KiteSqlRepositoryQuery query) ->
                          listener.queryCreated(query.name(), query.sql())));
    }
    return factory;
  }

  /** The application's {@link KiteSqlCustomConversions} bean, if it has one. */
  static Conversions conversions(@Nullable BeanFactory beanFactory) {
    return new Conversions(
        beanFactory == null
            ? KiteSqlCustomConversions.none()
            : beanFactory
                .getBeanProvider(KiteSqlCustomConversions.class)
                .getIfAvailable(KiteSqlCustomConversions::none));
  }

  /** The context's entity callbacks, and its events if it publishes them. */
  static EntityLifecycle lifecycle(
      @Nullable BeanFactory beanFactory, @Nullable ApplicationEventPublisher events) {
    return beanFactory == null ? EntityLifecycle.none() : EntityLifecycle.of(beanFactory, events);
  }
}
