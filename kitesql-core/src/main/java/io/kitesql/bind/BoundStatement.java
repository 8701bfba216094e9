package io.kitesql.bind;

import io.kitesql.catalog.ColumnDef;
import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.expr.Expr;
import io.kitesql.plan.OutputColumn;
import io.kitesql.plan.PlanNode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A statement with every name resolved and every expression typed: what a prepared statement keeps.
 * Immutable; safe to execute from many threads at once.
 */
public sealed interface BoundStatement {

  /**
   * Whether it only reads (may run in a read-only transaction): a query that locks its rows does
   * not.
   */
  default boolean isReadOnly() {
    return (this instanceof Query q && !q.locksRows()) || this instanceof Explain;
  }

  /** Whether it is a query or an EXPLAIN: it writes nothing (a query may lock rows, though). */
  default boolean isQuery() {
    return this instanceof Query || this instanceof Explain;
  }

  /** Whether it returns rows (run it with {@code query()}): a query, or a write with RETURNING. */
  default boolean returnsRows() {
    return isQuery() || returning().isPresent();
  }

  /** The RETURNING clause of an INSERT, UPDATE or DELETE; empty for every other statement. */
  default Optional<Returning> returning() {
    return Optional.empty();
  }

  /**
   * A SELECT (or VALUES): rows out.
   *
   * @param plan the query's plan
   * @param locksRows {@code SELECT ... FOR UPDATE} (or {@code FOR SHARE}, {@code FOR NO KEY
   *     UPDATE}, {@code FOR KEY SHARE}). KiteSQL has no row locks: its writers run one at a time,
   *     so every read in a read-write transaction already keeps every other writer out until the
   *     transaction ends, which is what the clause asks. Such a query therefore runs only in a
   *     read-write transaction, and is refused in a read-only one, as PostgreSQL refuses it there.
   */
  record Query(PlanNode plan, boolean locksRows) implements BoundStatement {
    /** A query that locks nothing. */
    public Query(PlanNode plan) {
      this(plan, false);
    }
  }

  /**
   * INSERT: {@code source} rows are written to {@code targetColumns}; other columns get their
   * default ({@code defaults}, one per table column, a NULL literal where none is declared), and an
   * identity column that is not a target gets the next values of its counter. With {@code
   * onConflict}, a row that collides with a stored row in one of its arbiters is skipped or updates
   * that row instead.
   */
  record Insert(
      TableDef table,
      List<Integer> targetColumns,
      PlanNode source,
      List<Expr> defaults,
      Optional<OnConflict> onConflict,
      Optional<Returning> returning)
      implements BoundStatement {
    public Insert {
      targetColumns = List.copyOf(targetColumns);
      defaults = List.copyOf(defaults);
      Objects.requireNonNull(onConflict, "onConflict");
      Objects.requireNonNull(returning, "returning");
    }

    /** The identity column, if it gets generated values (the INSERT gives it none). */
    public OptionalInt generatedColumn() {
      var identity = table.identityColumn();
      return identity.isPresent() && !targetColumns.contains(identity.getAsInt())
          ? identity
          : OptionalInt.empty();
    }
  }

  /**
   * RETURNING: {@code values} are computed from each row as written (every table column, in order,
   * generated and default values included) or, for DELETE, as it was; {@code columns} name them.
   */
  record Returning(List<Expr> values, List<OutputColumn> columns) {
    public Returning {
      values = List.copyOf(values);
      columns = List.copyOf(columns);
    }
  }

  /**
   * INSERT ... ON CONFLICT. The arbiters are the unique keys whose collisions it handles: the
   * primary key if {@code primaryKey}, and {@code uniqueIndexes}; any other collision stays a
   * UNIQUE_VIOLATION.
   */
  record OnConflict(boolean primaryKey, List<IndexDef> uniqueIndexes, ConflictAction action) {
    public OnConflict {
      uniqueIndexes = List.copyOf(uniqueIndexes);
      Objects.requireNonNull(action, "action");
    }
  }

  /** What ON CONFLICT does with a proposed row that collides with a stored row. */
  sealed interface ConflictAction {
    /** DO NOTHING: the proposed row is dropped. */
    record DoNothing() implements ConflictAction {}

    /**
     * DO UPDATE SET ... [WHERE ...]: the stored row gets {@code assignments} if {@code condition}
     * (when present) is TRUE. Both read a row of twice the table's width: the stored row's columns,
     * then the proposed row's (EXCLUDED).
     */
    record DoUpdate(List<Assignment> assignments, Optional<Expr> condition)
        implements ConflictAction {
      public DoUpdate {
        assignments = List.copyOf(assignments);
        Objects.requireNonNull(condition, "condition");
      }
    }
  }

  /**
   * UPDATE: for each row of {@code source} (table-wide rows), set the assigned columns; {@code
   * returning} is computed from each new row.
   */
  record Update(
      TableDef table, PlanNode source, List<Assignment> assignments, Optional<Returning> returning)
      implements BoundStatement {
    public Update {
      assignments = List.copyOf(assignments);
      Objects.requireNonNull(returning, "returning");
    }
  }

  /** One {@code SET column = value}; {@code value} reads the old row. */
  record Assignment(int column, Expr value) {}

  /**
   * DELETE: remove each row of {@code source} (table-wide rows); {@code returning} reads each
   * deleted row.
   */
  record Delete(TableDef table, PlanNode source, Optional<Returning> returning)
      implements BoundStatement {
    public Delete {
      Objects.requireNonNull(returning, "returning");
    }
  }

  /** CREATE TABLE; {@code definition} has a placeholder id until created. */
  record CreateTable(TableDef definition, boolean ifNotExists) implements BoundStatement {}

  record DropTable(String name, boolean ifExists) implements BoundStatement {}

  record CreateIndex(
      String table, String name, List<String> columns, boolean unique, boolean ifNotExists)
      implements BoundStatement {
    public CreateIndex {
      columns = List.copyOf(columns);
    }
  }

  record DropIndex(String name, boolean ifExists) implements BoundStatement {}

  /**
   * ALTER TABLE ADD COLUMN.
   *
   * @param defaultValue the value existing rows get (the DEFAULT, already of the column's type)
   * @param ifNotExists whether an existing column of that name makes this a no-op (PostgreSQL's
   *     {@code ADD COLUMN IF NOT EXISTS})
   */
  record AddColumn(String table, ColumnDef column, Object defaultValue, boolean ifNotExists)
      implements BoundStatement {}

  /**
   * CREATE [OR REPLACE] VIEW [IF NOT EXISTS]; {@code definition} has a placeholder id until
   * created.
   */
  record CreateView(io.kitesql.catalog.ViewDef definition, boolean orReplace, boolean ifNotExists)
      implements BoundStatement {}

  record DropView(String name, boolean ifExists) implements BoundStatement {}

  /**
   * EXPLAIN of a query; with {@code analyze} (EXPLAIN ANALYZE) the query runs and each node's
   * actual rows and time are shown.
   */
  record Explain(Query query, boolean analyze) implements BoundStatement {}

  /**
   * ANALYZE: measures tables for the planner ({@link io.kitesql.catalog.TableStats}).
   *
   * @param tables the tables' names; empty for every table
   */
  record Analyze(List<String> tables) implements BoundStatement {
    public Analyze {
      tables = List.copyOf(tables);
    }
  }
}
