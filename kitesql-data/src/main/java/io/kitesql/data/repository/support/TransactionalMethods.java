package io.kitesql.data.repository.support;

import java.lang.reflect.AnnotatedElement;
import java.util.Arrays;
import org.springframework.aop.framework.ProxyFactory;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.data.repository.core.RepositoryInformation;
import org.springframework.data.repository.core.support.RepositoryProxyPostProcessor;
import org.springframework.transaction.annotation.AnnotationTransactionAttributeSource;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.interceptor.TransactionInterceptor;

/**
 * Honours {@code @Transactional} on a repository interface or its methods, with the KiteSQL
 * transaction manager unless the annotation names another. Added only to repositories that carry
 * the annotation: KiteSQL's repository methods need no interceptor of their own (each statement
 * joins the current transaction or runs a short one), and Spring's would cost every call a method
 * identification string.
 */
final class TransactionalMethods implements RepositoryProxyPostProcessor {
  private final BeanFactory beanFactory;
  private final String transactionManager;

  TransactionalMethods(BeanFactory beanFactory, String transactionManager) {
    this.beanFactory = beanFactory;
    this.transactionManager = transactionManager;
  }

  /**
   * Whether {@code repositoryInterface} or one of its methods is annotated {@code @Transactional}.
   */
  static boolean areDeclaredOn(Class<?> repositoryInterface) {
    return annotated(repositoryInterface)
        || Arrays.stream(repositoryInterface.getMethods())
            .anyMatch(TransactionalMethods::annotated);
  }

  private static boolean annotated(AnnotatedElement element) {
    return MergedAnnotations.from(element, MergedAnnotations.SearchStrategy.TYPE_HIERARCHY)
        .isPresent(Transactional.class);
  }

  @Override
  public void postProcess(ProxyFactory factory, RepositoryInformation repositoryInformation) {
    var interceptor = new TransactionInterceptor();
    interceptor.setTransactionAttributeSource(new AnnotationTransactionAttributeSource());
    interceptor.setTransactionManagerBeanName(transactionManager);
    interceptor.setBeanFactory(beanFactory);
    interceptor.afterPropertiesSet();
    factory.addAdvice(interceptor);
  }
}
