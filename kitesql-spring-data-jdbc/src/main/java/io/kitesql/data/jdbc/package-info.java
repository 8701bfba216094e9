/**
 * Spring Data JDBC on KiteSQL's JDBC driver: {@link io.kitesql.data.jdbc.JdbcKiteSqlDialect}, the
 * dialect that renders the SQL KiteSQL runs, and {@link
 * io.kitesql.data.jdbc.KiteSqlDialectProvider}, which Spring Data JDBC's {@code DialectResolver}
 * finds through {@code META-INF/spring.factories} and which picks the dialect for a connection
 * whose database product is KiteSQL.
 *
 * <p>Depends on Spring Data Relational's dialect API only: the driver is recognised by the product
 * name its {@code DatabaseMetaData} reports, also behind a connection pool. Nothing in KiteSQL
 * depends on this package.
 */
@NullMarked
package io.kitesql.data.jdbc;

import org.jspecify.annotations.NullMarked;
