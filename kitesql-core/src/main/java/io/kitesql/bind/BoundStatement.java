package io.kitesql.bind;

import io.kitesql.catalog.ColumnDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.expr.Expr;
import io.kitesql.plan.PlanNode;
import java.util.List;

/**
 * A statement with every name resolved and every expression typed: what a prepared statement
 * keeps. Immutable; safe to execute from many threads at once.
 */
public sealed interface BoundStatement {

  /** Whether it only reads (may run in a read-only transaction). */
  default boolean isReadOnly() {
    return this instanceof Query || this instanceof Explain;
  }

  /** A SELECT (or VALUES): rows out. */
  record Query(PlanNode plan) implements BoundStatement {}

  /**
   * INSERT: {@code source} rows are written to {@code targetColumns}; other columns get their
   * default ({@code defaults}, one per table column, a NULL literal where none is declared).
   */
  record Insert(TableDef table, List<Integer> targetColumns, PlanNode source, List<Expr> defaults)
      implements BoundStatement {
    public Insert {
      targetColumns = List.copyOf(targetColumns);
      defaults = List.copyOf(defaults);
    }
  }

  /** UPDATE: for each row of {@code source} (table-wide rows), set the assigned columns. */
  record Update(TableDef table, PlanNode source, List<Assignment> assignments) implements BoundStatement {
    public Update {
      assignments = List.copyOf(assignments);
    }
  }

  /** One {@code SET column = value}; {@code value} reads the old row. */
  record Assignment(int column, Expr value) {}

  /** DELETE: remove each row of {@code source} (table-wide rows). */
  record Delete(TableDef table, PlanNode source) implements BoundStatement {}

  /** CREATE TABLE; {@code definition} has a placeholder id until created. */
  record CreateTable(TableDef definition, boolean ifNotExists) implements BoundStatement {}

  record DropTable(String name, boolean ifExists) implements BoundStatement {}

  record CreateIndex(String table, String name, List<String> columns, boolean unique, boolean ifNotExists)
      implements BoundStatement {
    public CreateIndex {
      columns = List.copyOf(columns);
    }
  }

  record DropIndex(String name, boolean ifExists) implements BoundStatement {}

  /** ALTER TABLE ... ADD COLUMN; {@code defaultValue} is the evaluated DEFAULT (or NULL). */
  record AddColumn(String table, ColumnDef column, Object defaultValue) implements BoundStatement {}

  /** EXPLAIN of a query: the plan's lines as rows. */
  record Explain(Query query) implements BoundStatement {}
}
