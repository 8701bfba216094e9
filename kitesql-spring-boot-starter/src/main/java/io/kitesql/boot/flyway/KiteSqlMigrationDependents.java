package io.kitesql.boot.flyway;

import io.kitesql.boot.autoconfigure.KiteSqlSchemaInitializer;
import io.kitesql.boot.autoconfigure.KiteSqlStartupAnalysis;
import io.kitesql.data.core.KiteSqlTemplate;
import java.util.Set;
import org.springframework.boot.sql.init.dependency.AbstractBeansOfTypeDependsOnDatabaseInitializationDetector;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitializationDetector;

/**
 * The KiteSQL beans that must not run before the database initializers (Flyway's migration, when it
 * migrates the KiteSQL database): the template (what repositories run on), the schema initializer
 * and the start-up analysis. Boot consults this {@link DependsOnDatabaseInitializationDetector}
 * (registered in {@code META-INF/spring.factories}) whenever an auto-configuration that initializes
 * a database is active.
 */
public final class KiteSqlMigrationDependents
    extends AbstractBeansOfTypeDependsOnDatabaseInitializationDetector {
  @Override
  protected Set<Class<?>> getDependsOnDatabaseInitializationBeanTypes() {
    return Set.of(
        KiteSqlTemplate.class, KiteSqlSchemaInitializer.class, KiteSqlStartupAnalysis.class);
  }
}
