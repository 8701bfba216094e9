package io.kitesql.data.config;

import io.kitesql.data.repository.support.KiteSqlRepositoryFactoryBean;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.beans.factory.support.BeanNameGenerator;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Import;
import org.springframework.data.repository.config.BootstrapMode;
import org.springframework.data.repository.config.DefaultRepositoryBaseClass;
import org.springframework.data.repository.query.QueryLookupStrategy;

/**
 * Turns the repository interfaces in the annotated class's package (or the given ones) into KiteSQL
 * repositories. Needs a {@code KiteSqlTemplate} bean (named {@code kiteSqlTemplate}, or {@link
 * #templateRef()}); the Spring Boot starter declares one.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Import(KiteSqlRepositoriesRegistrar.class)
public @interface EnableKiteSqlRepositories {
  /** Alias of {@link #basePackages()}. */
  String[] value() default {};

  String[] basePackages() default {};

  Class<?>[] basePackageClasses() default {};

  Filter[] includeFilters() default {};

  Filter[] excludeFilters() default {};

  String repositoryImplementationPostfix() default "Impl";

  String namedQueriesLocation() default "";

  QueryLookupStrategy.Key queryLookupStrategy() default QueryLookupStrategy.Key.CREATE_IF_NOT_FOUND;

  Class<?> repositoryFactoryBeanClass() default KiteSqlRepositoryFactoryBean.class;

  Class<?> repositoryBaseClass() default DefaultRepositoryBaseClass.class;

  Class<? extends BeanNameGenerator> nameGenerator() default BeanNameGenerator.class;

  boolean considerNestedRepositories() default false;

  BootstrapMode bootstrapMode() default BootstrapMode.DEFAULT;

  /** The {@code KiteSqlTemplate} bean the repositories run their statements with. */
  String templateRef() default "kiteSqlTemplate";

  /** The transaction manager for {@code @Transactional} annotations on repository interfaces. */
  String transactionManagerRef() default "kiteSqlTransactionManager";
}
