package io.kitesql.boot.test.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.autoconfigure.OverrideAutoConfiguration;
import org.springframework.boot.test.context.filter.annotation.TypeExcludeFilters;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.core.annotation.AliasFor;
import org.springframework.test.context.BootstrapWith;
import org.springframework.test.context.junit.jupiter.SpringExtension;
import org.springframework.transaction.annotation.Transactional;

/**
 * A test of KiteSQL repositories and direct SQL that starts <strong>only</strong> the KiteSQL parts
 * of the application: the database, schema scripts, the {@code KiteSqlTemplate}, the {@code
 * KiteSqlTransactionManager} and the repositories of the {@code @SpringBootApplication}'s packages.
 * No web, metrics, health or actuator auto-configuration runs, and component scanning finds no
 * {@code @Component}, {@code @Service} or {@code @Controller} (add some with {@link
 * #includeFilters()}, or further auto-configuration with {@code @ImportAutoConfiguration}).
 *
 * <p>Each test context opens a fresh database in a temporary directory, deleted when the context
 * closes after the database ({@link AutoConfigureKiteSqlTestDatabase};
 * {@code @AutoConfigureKiteSqlTestDatabase(replace = false)} keeps the configured {@code
 * kitesql.path}). Each test method runs in a KiteSQL read-write transaction rolled back at its end;
 * a method annotated {@code @Transactional(readOnly = true)} runs in a read-only one, where {@code
 * CharSequence} properties borrow the map. {@code @Transactional(propagation = NOT_SUPPORTED)} runs
 * a method with no transaction, as in any Spring test.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@BootstrapWith(DataKiteSqlTestContextBootstrapper.class)
@ExtendWith(SpringExtension.class)
@OverrideAutoConfiguration(enabled = false)
@TypeExcludeFilters(DataKiteSqlTypeExcludeFilter.class)
@Transactional
@AutoConfigureDataKiteSql
@AutoConfigureKiteSqlTestDatabase
@ImportAutoConfiguration
public @interface DataKiteSqlTest {

  /**
   * Properties in the form {@code key=value} added to the Spring {@code Environment} before the
   * test context starts.
   *
   * @return the properties to add
   */
  String[] properties() default {};

  /**
   * Whether the default filtering of the {@code @SpringBootApplication}'s component scan applies:
   * by default it finds no components (repositories are found by the repository scan, not this
   * one).
   *
   * @return whether the default filters are used
   */
  boolean useDefaultFilters() default true;

  /**
   * Filters adding components the slice would otherwise leave out.
   *
   * @return the include filters
   */
  Filter[] includeFilters() default {};

  /**
   * Filters leaving out components the slice would otherwise include.
   *
   * @return the exclude filters
   */
  Filter[] excludeFilters() default {};

  /**
   * Auto-configurations this test leaves out.
   *
   * @return the auto-configurations to exclude
   */
  @AliasFor(annotation = ImportAutoConfiguration.class, attribute = "exclude")
  Class<?>[] excludeAutoConfiguration() default {};
}
