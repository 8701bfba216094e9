package io.kitesql.boot.test.autoconfigure;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.context.PropertyMapping;

/**
 * Opens the test context's KiteSQL database in a fresh temporary directory instead of {@code
 * kitesql.path}, and deletes that directory when the context closes, after the database is closed
 * ({@link KiteSqlTestDatabaseAutoConfiguration}). {@link DataKiteSqlTest @DataKiteSqlTest} carries
 * it; put it on a {@code @SpringBootTest} to give a full application a throw-away database.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ImportAutoConfiguration
@PropertyMapping("kitesql.test.database")
public @interface AutoConfigureKiteSqlTestDatabase {

  /**
   * Whether the temporary database replaces the configured {@code kitesql.path}; {@code false}
   * opens the configured one (maps to {@code kitesql.test.database.replace}).
   *
   * @return whether a temporary database is used
   */
  boolean replace() default true;
}
