package io.kitesql.boot.flyway;

import io.kitesql.boot.autoconfigure.KiteSqlProperties;
import io.kitesql.boot.autoconfigure.KiteSqlProperties.SchemaMode;
import java.nio.file.Path;
import org.springframework.core.io.ResourceLoader;

/**
 * Schema scripts and Flyway would both create the schema, in an order nobody chose: the two
 * together are refused, unless {@code kitesql.schema.mode=never}.
 */
final class SchemaScriptsBesideFlyway {
  private static final String OPTIONAL = "optional:";

  private SchemaScriptsBesideFlyway() {}

  /**
   * Throws if a {@code kitesql.schema.locations} script would run (an optional one that is missing
   * would not).
   */
  static void refuse(KiteSqlProperties.Schema schema, ResourceLoader resources, Path directory) {
    if (schema.getMode() == SchemaMode.NEVER) {
      return;
    }
    var scripts =
        schema.getLocations().stream().filter(location -> wouldRun(location, resources)).toList();
    if (!scripts.isEmpty()) {
      throw new IllegalStateException(
          "KiteSQL schema scripts (kitesql.schema.locations: "
              + scripts
              + ") and Flyway (spring.flyway) would both set up the schema of the database at "
              + directory
              + ": move the scripts into Flyway migrations (e.g. classpath:db/migration/V1__schema.sql)"
              + " or set kitesql.schema.mode=never");
    }
  }

  private static boolean wouldRun(String location, ResourceLoader resources) {
    return !location.startsWith(OPTIONAL)
        || resources.getResource(location.substring(OPTIONAL.length())).exists();
  }
}
