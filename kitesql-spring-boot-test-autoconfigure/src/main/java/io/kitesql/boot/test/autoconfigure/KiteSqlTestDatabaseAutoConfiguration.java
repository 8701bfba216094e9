package io.kitesql.boot.test.autoconfigure;

import io.kitesql.api.Database;
import io.kitesql.boot.autoconfigure.KiteSqlAutoConfiguration;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;

/**
 * The temporary database of {@link AutoConfigureKiteSqlTestDatabase}: {@code kitesql.path} points
 * at a directory made for this context, deleted when the context closes. Off with {@code
 * kitesql.test.database.replace=false}.
 */
@AutoConfiguration(before = KiteSqlAutoConfiguration.class)
@ConditionalOnClass(Database.class)
@ConditionalOnBooleanProperty(name = "kitesql.test.database.replace", matchIfMissing = true)
public final class KiteSqlTestDatabaseAutoConfiguration {

  /**
   * Static: a bean factory post-processor must not make its configuration class initialize early.
   */
  @Bean(TemporaryDatabaseDirectory.BEAN_NAME)
  static TemporaryDatabaseDirectory kiteSqlTemporaryDatabaseDirectory() {
    return new TemporaryDatabaseDirectory();
  }
}
