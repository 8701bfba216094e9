/**
 * Spring Data JDBC on KiteSQL's JDBC driver: {@link io.kitesql.data.jdbc.JdbcKiteSqlDialect}, the
 * dialect that renders the SQL KiteSQL runs, and {@link io.kitesql.data.jdbc.KiteSqlDialectProvider},
 * which Spring Data JDBC's {@code DialectResolver} finds through {@code META-INF/spring.factories}
 * and which picks the dialect for a connection whose database product is KiteSQL.
 *
 * <p>Depends on {@code io.kitesql.jdbc} (the driver's product name) and Spring Data Relational's
 * dialect API; nothing in KiteSQL depends on this package.
 */
@NullMarked
package io.kitesql.data.jdbc;

import org.jspecify.annotations.NullMarked;
