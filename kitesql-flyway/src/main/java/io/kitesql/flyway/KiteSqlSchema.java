package io.kitesql.flyway;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.internal.database.base.Schema;
import org.flywaydb.core.internal.database.base.Table;
import org.flywaydb.core.internal.jdbc.JdbcTemplate;

/**
 * The database's one schema (KiteSQL has no others, see {@link KiteSqlFlywayConnection#SCHEMA}):
 * another schema name in Flyway's configuration is refused, naming it.
 */
final class KiteSqlSchema extends Schema<KiteSqlFlywayDatabase, KiteSqlTable> {
  KiteSqlSchema(JdbcTemplate jdbcTemplate, KiteSqlFlywayDatabase database, String name) {
    super(jdbcTemplate, database, name);
  }

  @Override
  protected boolean doExists() {
    return name.equals(KiteSqlFlywayConnection.SCHEMA);
  }

  @Override
  protected boolean doEmpty() throws SQLException {
    return relations("TABLE").isEmpty() && relations("VIEW").isEmpty();
  }

  @Override
  protected void doCreate() {
    throw noSchemas();
  }

  @Override
  protected void doDrop() {
    throw noSchemas();
  }

  private FlywayException noSchemas() {
    return new FlywayException(
        "KiteSQL has no schemas: schema "
            + name
            + " cannot be created or dropped; configure no "
            + "schema (its one schema is called "
            + KiteSqlFlywayConnection.SCHEMA
            + ")");
  }

  /** Drops the views (those others depend on after their dependents), then the tables. */
  @Override
  protected void doClean() throws SQLException {
    var views = new ArrayList<>(relations("VIEW"));
    while (!views.isEmpty()) {
      int before = views.size();
      SQLException blocked = null;
      for (var view : List.copyOf(views)) {
        try {
          jdbcTemplate.execute("DROP VIEW " + database.quote(view));
          views.remove(view);
        } catch (SQLException e) {
          blocked = e; // another view still reads it: dropped in a later round
        }
      }
      if (views.size() == before && blocked != null) {
        throw blocked;
      }
    }
    for (var table : allTables()) {
      table.drop();
    }
  }

  @Override
  protected KiteSqlTable[] doAllTables() throws SQLException {
    return relations("TABLE").stream()
        .map(t -> new KiteSqlTable(jdbcTemplate, database, this, t))
        .toArray(KiteSqlTable[]::new);
  }

  @Override
  public Table<?, ?> getTable(String tableName) {
    return new KiteSqlTable(jdbcTemplate, database, this, tableName);
  }

  private List<String> relations(String type) throws SQLException {
    var names = new ArrayList<String>();
    try (var rows =
        jdbcTemplate
            .getConnection()
            .getMetaData()
            .getTables(null, null, "%", new String[] {type})) {
      while (rows.next()) {
        names.add(rows.getString("TABLE_NAME"));
      }
    }
    return names;
  }
}
