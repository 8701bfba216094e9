package io.kitesql.flyway;

import java.sql.Connection;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import org.flywaydb.core.api.configuration.Configuration;
import org.flywaydb.core.internal.database.base.Database;
import org.flywaydb.core.internal.database.base.Table;
import org.flywaydb.core.internal.jdbc.JdbcConnectionFactory;
import org.flywaydb.core.internal.jdbc.StatementInterceptor;

/**
 * KiteSQL as Flyway sees it: transactional DDL, one connection (the database has one writer at a
 * time, so a second connection holding a lock while the first migrates would wait for itself), and
 * a schema history table in KiteSQL's SQL.
 */
final class KiteSqlFlywayDatabase extends Database<KiteSqlFlywayConnection> {
  KiteSqlFlywayDatabase(
      Configuration configuration,
      JdbcConnectionFactory connectionFactory,
      StatementInterceptor statementInterceptor) {
    super(configuration, connectionFactory, statementInterceptor);
  }

  @Override
  protected KiteSqlFlywayConnection doGetConnection(Connection connection) {
    return new KiteSqlFlywayConnection(this, connection);
  }

  /** Every KiteSQL version this plugin is built with is supported. */
  @Override
  public void ensureSupported(Configuration configuration) {}

  /**
   * The schema history table. {@code installed_on} has no default (KiteSQL's defaults are
   * constants): {@link #getInsertStatement} writes the time of the insert.
   */
  @Override
  @SuppressWarnings("rawtypes") // Flyway's signature
  public String getRawCreateScript(Table table, boolean baseline) {
    return "CREATE TABLE "
        + table
        + " (\n"
        + "  "
        + quote("installed_rank")
        + " INT NOT NULL PRIMARY KEY,\n"
        + "  "
        + quote("version")
        + " VARCHAR(50),\n"
        + "  "
        + quote("description")
        + " VARCHAR(200) NOT NULL,\n"
        + "  "
        + quote("type")
        + " VARCHAR(20) NOT NULL,\n"
        + "  "
        + quote("script")
        + " VARCHAR(1000) NOT NULL,\n"
        + "  "
        + quote("checksum")
        + " INT,\n"
        + "  "
        + quote("installed_by")
        + " VARCHAR(100) NOT NULL,\n"
        + "  "
        + quote("installed_on")
        + " TIMESTAMP NOT NULL,\n"
        + "  "
        + quote("execution_time")
        + " INT NOT NULL,\n"
        + "  "
        + quote("success")
        + " BOOLEAN NOT NULL\n"
        + ");\n"
        + (baseline ? getBaselineStatement(table) + ";\n" : "")
        + "CREATE INDEX "
        + quote(table.getName() + "_s_idx")
        + " ON "
        + table
        + " ("
        + quote("success")
        + ");";
  }

  /**
   * Flyway's insert of a history row, with {@code installed_on} the time of this call (a literal:
   * no parameter).
   */
  @Override
  @SuppressWarnings("rawtypes") // Flyway's signature
  public String getInsertStatement(Table table) {
    return "INSERT INTO "
        + table
        + " ("
        + quote("installed_rank")
        + ", "
        + quote("version")
        + ", "
        + quote("description")
        + ", "
        + quote("type")
        + ", "
        + quote("script")
        + ", "
        + quote("checksum")
        + ", "
        + quote("installed_by")
        + ", "
        + quote("execution_time")
        + ", "
        + quote("success")
        + ", "
        + quote("installed_on")
        + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, CAST('"
        + Timestamp.valueOf(LocalDateTime.now())
        + "' AS TIMESTAMP))";
  }

  @Override
  protected String doGetCurrentUser() {
    return "";
  }

  @Override
  public boolean supportsDdlTransactions() {
    return true;
  }

  @Override
  public String getBooleanTrue() {
    return "TRUE";
  }

  @Override
  public String getBooleanFalse() {
    return "FALSE";
  }

  @Override
  public boolean catalogIsSchema() {
    return false;
  }

  @Override
  public boolean useSingleConnection() {
    return true;
  }
}
