package io.kitesql.jdbc;

import io.kitesql.api.StatementShape;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What a statement is, from its text alone: JDBC must know whether to read rows or count writes
 * before the statement runs, and in a transaction that changed the schema the committed catalog
 * cannot plan it yet (a table created earlier in the same transaction), so the kind comes from the
 * parser, not the planner.
 */
enum SqlKind {
  /** SELECT, VALUES, WITH ... SELECT, EXPLAIN: rows, no writes. */
  QUERY,
  /**
   * INSERT, UPDATE or DELETE ... RETURNING, and SELECT ... FOR UPDATE: a write transaction, rows.
   */
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
    var kind = of(StatementShape.of(sql));
    if (CACHE.size() < MAX_CACHED) {
      CACHE.put(sql, kind);
    }
    return kind;
  }

  static SqlKind of(StatementShape shape) {
    if (shape.kind() == StatementShape.Kind.QUERY && !shape.locksRows()) {
      return QUERY;
    }
    // a SELECT ... FOR UPDATE runs in a write transaction, like a write that returns rows
    return shape.returnsRows() ? WRITE_RETURNING : WRITE;
  }
}
