package io.kitesql.flyway;

import io.kitesql.jdbc.KiteSqlDriver;
import java.sql.Connection;
import java.sql.Types;
import org.flywaydb.core.api.ResourceProvider;
import org.flywaydb.core.api.configuration.Configuration;
import org.flywaydb.core.internal.database.base.BaseDatabaseType;
import org.flywaydb.core.internal.database.base.Database;
import org.flywaydb.core.internal.jdbc.JdbcConnectionFactory;
import org.flywaydb.core.internal.jdbc.StatementInterceptor;
import org.flywaydb.core.internal.parser.Parser;
import org.flywaydb.core.internal.parser.ParsingContext;

/**
 * KiteSQL for Flyway: {@code jdbc:kitesql:} URLs, or a connection whose product name is KiteSQL.
 */
public final class KiteSqlDatabaseType extends BaseDatabaseType {
  @Override
  public String getName() {
    return "KiteSQL";
  }

  @Override
  public int getNullType() {
    return Types.VARCHAR;
  }

  @Override
  public boolean handlesJDBCUrl(String url) {
    return url.startsWith("jdbc:kitesql:");
  }

  @Override
  public String getDriverClass(String url, ClassLoader classLoader) {
    return KiteSqlDriver.class.getName();
  }

  @Override
  public boolean handlesDatabaseProductNameAndVersion(
      String productName, String productVersion, Connection connection) {
    return productName.startsWith("KiteSQL");
  }

  @Override
  public Database<?> createDatabase(
      Configuration configuration,
      JdbcConnectionFactory connectionFactory,
      StatementInterceptor statementInterceptor) {
    return new KiteSqlFlywayDatabase(configuration, connectionFactory, statementInterceptor);
  }

  @Override
  public Parser createParser(
      Configuration configuration,
      ResourceProvider resourceProvider,
      ParsingContext parsingContext) {
    return new KiteSqlParser(configuration, parsingContext);
  }
}
