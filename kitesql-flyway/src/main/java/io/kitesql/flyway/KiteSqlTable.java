package io.kitesql.flyway;

import java.sql.SQLException;
import org.flywaydb.core.internal.database.base.Table;
import org.flywaydb.core.internal.jdbc.JdbcTemplate;

/** A table, named unqualified (KiteSQL refuses schema-qualified names). */
final class KiteSqlTable extends Table<KiteSqlFlywayDatabase, KiteSqlSchema> {
  /** SQLSTATE of an unknown table. */
  private static final String UNDEFINED_TABLE = "42P01";

  KiteSqlTable(
      JdbcTemplate jdbcTemplate,
      KiteSqlFlywayDatabase database,
      KiteSqlSchema schema,
      String name) {
    super(jdbcTemplate, database, schema, name);
  }

  @Override
  protected void doDrop() throws SQLException {
    jdbcTemplate.execute("DROP TABLE " + this);
  }

  /**
   * Asks the connection's own transaction (the catalog as of the last commit would not know a table
   * created earlier in it): a failed statement leaves a KiteSQL transaction as it was.
   */
  @Override
  protected boolean doExists() throws SQLException {
    try (var statement = jdbcTemplate.getConnection().createStatement()) {
      statement.executeQuery("SELECT 1 FROM " + this + " WHERE 1 = 0").close();
      return true;
    } catch (SQLException e) {
      if (UNDEFINED_TABLE.equals(e.getSQLState())) {
        return false;
      }
      throw e;
    }
  }

  /**
   * Nothing to do: the migration's write transaction already keeps every other writer out until it
   * ends.
   */
  @Override
  protected void doLock() {}

  @Override
  public String toString() {
    return database.quote(name);
  }
}
