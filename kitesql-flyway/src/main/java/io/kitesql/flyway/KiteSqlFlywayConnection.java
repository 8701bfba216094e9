package io.kitesql.flyway;

import org.flywaydb.core.internal.database.base.Connection;
import org.flywaydb.core.internal.database.base.Schema;

/** Flyway's connection: the one schema KiteSQL has. */
final class KiteSqlFlywayConnection extends Connection<KiteSqlFlywayDatabase> {
  /** The name Flyway's messages give the database's one, unnamed schema. */
  static final String SCHEMA = "public";

  KiteSqlFlywayConnection(KiteSqlFlywayDatabase database, java.sql.Connection connection) {
    super(database, connection);
  }

  @Override
  protected String getCurrentSchemaNameOrSearchPath() {
    return SCHEMA;
  }

  @Override
  public Schema<?, ?> getSchema(String name) {
    return new KiteSqlSchema(jdbcTemplate, database, name);
  }
}
