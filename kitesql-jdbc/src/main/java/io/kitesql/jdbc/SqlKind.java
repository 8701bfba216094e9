package io.kitesql.jdbc;

import io.kitesql.sql.SqlParser;
import java.util.concurrent.ConcurrentHashMap;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.update.Update;

/**
 * What a statement is, from its text alone: JDBC must know whether to read rows or count writes
 * before the statement runs, and in a transaction that changed the schema the committed catalog
 * cannot plan it yet (a table created earlier in the same transaction), so the kind comes from
 * the parser, not the planner.
 */
enum SqlKind {
  /** SELECT, VALUES, WITH ... SELECT, EXPLAIN: rows, no writes. */
  QUERY,
  /** INSERT, UPDATE or DELETE ... RETURNING: writes, and rows. */
  WRITE_RETURNING,
  /** Every other statement: INSERT, UPDATE, DELETE, DDL. */
  WRITE;

  private static final int MAX_CACHED = 4096;
  private static final ConcurrentHashMap<String, SqlKind> CACHE = new ConcurrentHashMap<>();

  /**
   * The kind of {@code sql}, cached by text.
   *
   * @throws io.kitesql.KiteSqlException SYNTAX_ERROR if it does not parse, as the engine reports it
   */
  static SqlKind of(String sql) {
    var cached = CACHE.get(sql);
    if (cached != null) {
      return cached;
    }
    var kind = of(SqlParser.parse(sql));
    if (CACHE.size() < MAX_CACHED) {
      CACHE.put(sql, kind);
    }
    return kind;
  }

  static SqlKind of(Statement parsed) {
    return switch (parsed) {
      case Select _, net.sf.jsqlparser.statement.ExplainStatement _ -> QUERY;
      case Insert insert when insert.getReturningClause() != null -> WRITE_RETURNING;
      case Update update when update.getReturningClause() != null -> WRITE_RETURNING;
      case Delete delete when delete.getReturningClause() != null -> WRITE_RETURNING;
      default -> WRITE;
    };
  }
}
