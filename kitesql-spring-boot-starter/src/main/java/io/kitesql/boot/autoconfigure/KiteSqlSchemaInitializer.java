package io.kitesql.boot.autoconfigure;

import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.boot.autoconfigure.KiteSqlProperties.SchemaMode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.core.io.ResourceLoader;

/**
 * Runs the {@code kitesql.schema.locations} scripts at start-up, in order, all in one write
 * transaction (a failing statement leaves none of them applied), when {@code kitesql.schema.mode}
 * says so. Beans that use the database (the template, repositories) depend on it, so the schema
 * exists before the first repository call.
 */
public class KiteSqlSchemaInitializer implements InitializingBean {
  private static final Log logger = LogFactory.getLog(KiteSqlSchemaInitializer.class);
  private static final String OPTIONAL = "optional:";

  private final Database database;
  private final KiteSqlProperties.Schema schema;
  private final ResourceLoader resources;

  public KiteSqlSchemaInitializer(
      Database database, KiteSqlProperties.Schema schema, ResourceLoader resources) {
    this.database = database;
    this.schema = schema;
    this.resources = resources;
  }

  @Override
  public void afterPropertiesSet() {
    initialize();
  }

  /** Runs the scripts if the mode says so; returns the statements run. */
  public int initialize() {
    if (schema.getMode() == SchemaMode.NEVER
        || (schema.getMode() == SchemaMode.IF_EMPTY && !database.tables().isEmpty())) {
      return 0;
    }
    var statements = new ArrayList<Script>();
    for (int i = 0; i < schema.getLocations().size(); i++) {
      statements.addAll(load(schema.getLocations().get(i), i));
    }
    if (statements.isEmpty()) {
      return 0;
    }
    if (database.options().isReadOnly()) {
      throw new IllegalStateException(
          "kitesql.read-only is true, but the database at "
              + database.directory()
              + " has no table yet and "
              + schema.getLocations()
              + " hold "
              + statements.size()
              + " statement(s) that a read-only database cannot run: create the schema with the database opened"
              + " writable once, or set kitesql.schema.mode=never");
    }
    database.write(
        tx -> {
          for (var s : statements) {
            try {
              tx.execute(s.sql());
            } catch (KiteSqlException e) {
              throw new SchemaScriptException(s.property(), s.location(), s.number(), s.sql(), e);
            }
          }
          return null;
        });
    logger.info(
        "KiteSQL schema: ran " + statements.size() + " statement(s) from " + schema.getLocations());
    return statements.size();
  }

  private record Script(String property, String location, int number, String sql) {}

  private List<Script> load(String location, int index) {
    boolean optional = location.startsWith(OPTIONAL);
    var path = optional ? location.substring(OPTIONAL.length()) : location;
    var resource = resources.getResource(path);
    var property = "kitesql.schema.locations[" + index + "]";
    if (!resource.exists()) {
      if (optional) {
        return List.of();
      }
      throw new IllegalStateException(
          property
              + ": no script at "
              + location
              + " (prefix the location with 'optional:' if it may be missing)");
    }
    String text;
    try (var in = resource.getInputStream()) {
      text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException(property + ": cannot read " + location, e);
    }
    List<String> sql;
    try {
      sql = SqlScripts.split(text);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(property + ": " + location + ": " + e.getMessage(), e);
    }
    var scripts = new ArrayList<Script>(sql.size());
    for (int i = 0; i < sql.size(); i++) {
      scripts.add(new Script(property, location, i + 1, sql.get(i)));
    }
    return scripts;
  }

  /** A schema statement failed; no statement of the scripts was applied. */
  public static class SchemaScriptException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    SchemaScriptException(
        String property, String location, int number, String sql, KiteSqlException cause) {
      super(
          property
              + ": statement "
              + number
              + " of "
              + location
              + " failed (nothing of the schema scripts was applied): "
              + cause.getMessage()
              + "\n  "
              + sql,
          cause);
    }
  }
}
