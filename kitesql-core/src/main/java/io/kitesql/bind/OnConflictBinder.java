package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.NameFolding;
import io.kitesql.catalog.TableDef;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Subqueries;
import io.kitesql.plan.OutputColumn;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import net.sf.jsqlparser.statement.insert.ConflictActionType;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.insert.InsertConflictTarget;

/**
 * {@code INSERT ... ON CONFLICT [(columns)] DO NOTHING | DO UPDATE SET ... [WHERE ...]}, as in
 * PostgreSQL. The conflict target names the columns of a unique key (the primary key or a unique
 * index, in any order); every unique key with exactly those columns arbitrates. Without a target
 * (DO NOTHING only) every unique key does. DO UPDATE reads the stored row under the target table's
 * name (or alias) and the proposed row as {@code EXCLUDED}; an unqualified column name is ambiguous
 * between the two, as in PostgreSQL.
 */
final class OnConflictBinder {
  /** The name under which DO UPDATE sees the proposed row. */
  static final String EXCLUDED = "excluded";

  private OnConflictBinder() {}

  static Optional<BoundStatement.OnConflict> bind(
      Insert insert, TableDef table, DmlBinder dml, QueryBinder queries) {
    var action = insert.getConflictAction();
    if (action == null) {
      return Optional.empty();
    }
    var target = insert.getConflictTarget();
    if (target != null && target.getConstraintName() != null) {
      throw Unsupported.feature(
          "ON CONFLICT ON CONSTRAINT "
              + target.getConstraintName()
              + " (name the key's columns: ON CONFLICT (column, ...))");
    }
    boolean doUpdate = action.getConflictActionType() == ConflictActionType.DO_UPDATE;
    if (action.getConflictActionType() != ConflictActionType.DO_NOTHING && !doUpdate) {
      throw Unsupported.feature("ON CONFLICT " + action.getConflictActionType());
    }
    if (target == null) {
      if (doUpdate) {
        // PostgreSQL's rule (and message): which row to update must not depend on which key
        // collided
        throw new KiteSqlException(
            ErrorCode.SYNTAX_ERROR,
            "ON CONFLICT DO UPDATE requires a conflict target: ON CONFLICT (column, ...) DO UPDATE");
      }
      var all = table.indexes().stream().filter(IndexDef::unique).toList();
      return Optional.of(
          new BoundStatement.OnConflict(
              !table.hasHiddenRowId(), all, new BoundStatement.ConflictAction.DoNothing()));
    }
    var columns = targetColumns(target, table, queries.nameFolding());
    boolean primaryKey = !table.hasHiddenRowId() && Set.copyOf(table.primaryKey()).equals(columns);
    var indexes =
        table.indexes().stream()
            .filter(i -> i.unique() && Set.copyOf(i.columns()).equals(columns))
            .toList();
    if (!primaryKey && indexes.isEmpty()) {
      throw new KiteSqlException(
          ErrorCode.INVALID_CONFLICT_TARGET,
          "there is no unique or exclusion constraint matching the ON CONFLICT specification: no PRIMARY KEY or unique index of table "
              + table.name()
              + " has exactly the columns ("
              + String.join(", ", target.getIndexColumnNames())
              + ")");
    }
    BoundStatement.ConflictAction bound =
        doUpdate
            ? doUpdate(action, table, insert.getTable(), dml, queries)
            : new BoundStatement.ConflictAction.DoNothing();
    return Optional.of(new BoundStatement.OnConflict(primaryKey, indexes, bound));
  }

  /**
   * The positions of the target's columns; expressions, collations, operator classes and WHERE are
   * refused by name.
   */
  private static Set<Integer> targetColumns(
      InsertConflictTarget target, TableDef table, NameFolding folding) {
    if (target.getWhereExpression() != null) {
      throw Unsupported.feature(
          "ON CONFLICT (...) WHERE (there are no partial unique indexes to infer)");
    }
    if (target.getIndexExpression() != null) {
      throw Unsupported.feature(
          "an expression as ON CONFLICT target (" + target.getIndexExpression() + ")");
    }
    var columns = new HashSet<Integer>();
    for (var element : target.getIndexElements()) {
      if (element.isExpression()
          || element.getCollation() != null
          || element.getOperatorClass() != null
          || element.getSortOrder() != null
          || element.getNullOrdering() != null
          || element.getParams() != null && !element.getParams().isEmpty()) {
        throw Unsupported.feature(
            "ON CONFLICT target element " + element + " (name a column only)");
      }
      columns.add(DmlBinder.column(table, element.getColumnName(), folding));
    }
    return columns;
  }

  private static BoundStatement.ConflictAction.DoUpdate doUpdate(
      net.sf.jsqlparser.statement.insert.InsertConflictAction action,
      TableDef table,
      net.sf.jsqlparser.schema.Table ref,
      DmlBinder dml,
      QueryBinder queries) {
    var scope = new ArrayList<>(DmlBinder.scan(table, ref, queries.nameFolding()).output());
    for (var c : table.columns()) {
      scope.add(new OutputColumn(c.name(), c.type(), Optional.of(EXCLUDED)));
    }
    var binder = queries.binder(RelationScope.of(scope, queries.nameFolding()));
    var assignments = dml.assignments(table, action.getUpdateSets(), binder);
    Optional<Expr> condition =
        action.getWhereExpression() == null
            ? Optional.empty()
            : Optional.of(binder.bind(action.getWhereExpression(), Clause.WHERE));
    // A subquery here would see the rows this statement wrote before, PostgreSQL's only those
    // before it
    if (assignments.stream().anyMatch(a -> Subqueries.containsSubquery(a.value()))
        || condition.map(Subqueries::containsSubquery).orElse(false)) {
      throw Unsupported.feature("a subquery in ON CONFLICT DO UPDATE");
    }
    return new BoundStatement.ConflictAction.DoUpdate(assignments, condition);
  }
}
