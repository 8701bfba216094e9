package io.kitesql.data.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.data.jdbc.core.dialect.DialectResolver;
import org.springframework.data.relational.core.dialect.Dialect;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcOperations;

/**
 * Tells Spring Data JDBC's {@link DialectResolver} to use {@link JdbcKiteSqlDialect} for a
 * connection whose database product is KiteSQL (registered in {@code META-INF/spring.factories}),
 * so that an application's Spring Data JDBC repositories run on the {@code jdbc:kitesql:} driver
 * with no configuration.
 */
public final class KiteSqlDialectProvider implements DialectResolver.JdbcDialectProvider {

  /** The product name KiteSQL's driver reports in {@code DatabaseMetaData}. */
  static final String PRODUCT_NAME = "KiteSQL";

  @Override
  public Optional<Dialect> getDialect(JdbcOperations operations) {
    return Optional.ofNullable(
        operations.execute((ConnectionCallback<Dialect>) KiteSqlDialectProvider::dialectOf));
  }

  private static @Nullable Dialect dialectOf(Connection connection) throws SQLException {
    return PRODUCT_NAME.equals(connection.getMetaData().getDatabaseProductName())
        ? JdbcKiteSqlDialect.INSTANCE
        : null;
  }
}
