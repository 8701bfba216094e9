package io.kitesql.boot.aot;

import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.util.ClassUtils;

/**
 * The resources the starter reads at run time, for a GraalVM native image (registered through
 * {@code META-INF/spring/aot.factories}): the default schema script {@code schema.sql} of {@code
 * kitesql.schema.locations}, and the JDBC driver's version file when the driver is present (Flyway
 * migrates through it). Scripts at other locations need a resource hint of the application's own.
 */
public class KiteSqlBootRuntimeHints implements RuntimeHintsRegistrar {
  /** The default of {@code kitesql.schema.locations}, as a class-path resource. */
  static final String DEFAULT_SCHEMA = "schema.sql";

  static final String JDBC_VERSION = "io/kitesql/jdbc/version.properties";

  @Override
  public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
    hints.resources().registerPattern(DEFAULT_SCHEMA);
    if (ClassUtils.isPresent("io.kitesql.jdbc.KiteSqlDriver", classLoader)) {
      hints.resources().registerPattern(JDBC_VERSION);
    }
  }
}
