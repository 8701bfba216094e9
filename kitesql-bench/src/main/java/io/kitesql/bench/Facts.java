package io.kitesql.bench;

import java.sql.Connection;
import java.util.Map;

/** Versions and effective settings read from the engines themselves, for the report. */
final class Facts {
  private Facts() {}

  static void collect(Engine engine, Stores.Kind kind, Map<String, String> facts) {
    if (!(engine instanceof JdbcEngine jdbc)) {
      return;
    }
    var c = jdbc.connection();
    try {
      switch (kind) {
        case SQLITE -> {
          facts.put("SQLite version", query(c, "select sqlite_version()"));
          facts.put("sqlite-jdbc version", c.getMetaData().getDriverVersion());
          facts.put("SQLite mmap_size (read connection)", query(c, "pragma mmap_size"));
          facts.put("SQLite journal_mode", query(c, "pragma journal_mode"));
        }
        case H2_DEFAULT, H2_BIG -> {
          facts.put("H2 version", query(c, "select h2version()"));
          facts.put(
              kind.label() + ": cache limit info.CACHE_MAX_SIZE (MiB)",
              setting(c, "info.CACHE_MAX_SIZE"));
          facts.merge(
              kind.label() + ": cache in use after the cells, info.CACHE_SIZE (MiB) per data set",
              setting(c, "info.CACHE_SIZE"),
              (a, b) -> a + ", " + b);
        }
        default -> {}
      }
      c.commit();
    } catch (Exception e) {
      facts.putIfAbsent(kind.label() + " facts", "unavailable: " + Measure.reason(e));
    }
  }

  private static String setting(Connection c, String name) throws Exception {
    return query(
        c,
        "select setting_value from information_schema.settings where setting_name = '"
            + name
            + "'");
  }

  private static String query(Connection c, String sql) throws Exception {
    try (var s = c.createStatement();
        var rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getString(1) : "?";
    }
  }
}
