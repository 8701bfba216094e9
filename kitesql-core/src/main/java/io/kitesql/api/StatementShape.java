package io.kitesql.api;

import io.kitesql.sql.SqlParser;
import java.util.Optional;
import net.sf.jsqlparser.statement.ExplainStatement;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.select.PlainSelect;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.update.Update;

/**
 * What a statement is, from its text alone: for drivers that must know whether to read rows or
 * count writes before the statement runs, and which table an INSERT fills, while the committed
 * schema may not know its tables yet (a table created earlier in the same transaction). Nothing is
 * planned.
 *
 * @param kind what it does
 * @param returnsRows whether it returns rows: a query, or an INSERT, UPDATE or DELETE with
 *     RETURNING
 * @param locksRows a {@code SELECT ... FOR UPDATE} (or {@code FOR SHARE}): a query that must run in
 *     a read-write transaction
 * @param insertTable for an INSERT, its table's name as the statement writes it (quoted or not),
 *     which {@link Database#table} resolves
 */
public record StatementShape(
    Kind kind, boolean returnsRows, boolean locksRows, Optional<String> insertTable) {

  /** What a statement does. */
  public enum Kind {
    /** SELECT, VALUES, WITH ... SELECT, EXPLAIN. */
    QUERY,
    INSERT,
    UPDATE,
    DELETE,
    /** DDL, transaction control, ANALYZE and the rest. */
    OTHER
  }

  /**
   * The shape of {@code sql}.
   *
   * @throws io.kitesql.KiteSqlException SYNTAX_ERROR if it does not parse
   */
  public static StatementShape of(String sql) {
    Arguments.required(sql, "the SQL text");
    Statement parsed = SqlParser.parse(sql);
    return switch (parsed) {
      case Select select ->
          new StatementShape(
              Kind.QUERY,
              true,
              select instanceof PlainSelect ps && ps.getForMode() != null,
              Optional.empty());
      case ExplainStatement _ -> new StatementShape(Kind.QUERY, true, false, Optional.empty());
      case Insert insert ->
          new StatementShape(
              Kind.INSERT,
              insert.getReturningClause() != null,
              false,
              Optional.of(insert.getTable().getName()));
      case Update update ->
          new StatementShape(
              Kind.UPDATE, update.getReturningClause() != null, false, Optional.empty());
      case Delete delete ->
          new StatementShape(
              Kind.DELETE, delete.getReturningClause() != null, false, Optional.empty());
      default -> new StatementShape(Kind.OTHER, false, false, Optional.empty());
    };
  }
}
