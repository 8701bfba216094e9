package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.Catalog;
import io.kitesql.catalog.Identity;
import io.kitesql.catalog.NameFolding;
import io.kitesql.catalog.TableDef;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Parameters;
import io.kitesql.plan.Access;
import io.kitesql.plan.Filter;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.TableScan;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.stream.IntStream;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.update.Update;
import net.sf.jsqlparser.statement.update.UpdateSet;

/** INSERT, UPDATE and DELETE on one table. */
final class DmlBinder {
  private final Catalog catalog;
  private final Parameters params;

  DmlBinder(Catalog catalog, Parameters params) {
    this.catalog = catalog;
    this.params = params;
  }

  BoundStatement.Insert insert(Insert insert) {
    return new InsertBinder(catalog, params, this).bind(insert);
  }

  /**
   * {@code e}, or for a bare parameter nothing typed before, that parameter typed as its target
   * column's {@code type} ({@code insert into t values (?)}, {@code set c = ?}): left VARCHAR, a
   * {@code byte[]} for a VARBINARY column would be stored as hex text.
   */
  static Expr typed(Expr e, io.kitesql.value.DataType type, Parameters params) {
    if (e instanceof Expr.Parameter p) {
      params.recordType(p.index(), type); // kept if something typed the slot before
      return new Expr.Parameter(p.index(), params.type(p.index()));
    }
    return e;
  }

  BoundStatement.Update update(Update update) {
    if (update.getJoins() != null && !update.getJoins().isEmpty() || update.getFromItem() != null) {
      throw Unsupported.feature("UPDATE with FROM or JOIN");
    }
    if (update.getOrderByElements() != null || update.getLimit() != null) {
      throw Unsupported.feature("UPDATE with ORDER BY or LIMIT");
    }
    var table = Names.table(catalog, update.getTable());
    var scan = scan(table, update.getTable(), catalog.nameFolding());
    var queries = new QueryBinder(catalog, params);
    var binder = queries.binder(RelationScope.of(scan.output(), catalog.nameFolding()));
    var assignments = assignments(table, update.getUpdateSets(), binder);
    PlanNode source =
        update.getWhere() == null
            ? scan
            : new Filter(scan, binder.bind(update.getWhere(), Clause.WHERE));
    var returning =
        ReturningBinder.bind(update.getReturningClause(), table, update.getTable(), queries);
    return new BoundStatement.Update(table, source, assignments, returning);
  }

  /**
   * The {@code SET} list of an UPDATE or of ON CONFLICT DO UPDATE: each column once, values bound
   * by {@code binder} and, if bare parameters, typed as their columns; {@code DEFAULT} is the
   * column's default (NULL without one).
   */
  List<BoundStatement.Assignment> assignments(
      TableDef table, List<UpdateSet> sets, ExpressionBinder binder) {
    var assignments = new ArrayList<BoundStatement.Assignment>();
    var seen = new HashSet<Integer>();
    for (var set : sets) {
      if (set.getColumns().size() != set.getValues().size()) {
        throw new KiteSqlException(
            ErrorCode.TYPE_MISMATCH,
            "UPDATE SET lists "
                + set.getColumns().size()
                + " columns but "
                + set.getValues().size()
                + " values");
      }
      for (int i = 0; i < set.getColumns().size(); i++) {
        if (!(set.getColumns().get(i) instanceof net.sf.jsqlparser.schema.Column target)) {
          // JSqlParser accepts any expression in a parenthesized SET list: SET (1) = (1)
          throw new KiteSqlException(
              ErrorCode.SYNTAX_ERROR,
              "SQL syntax error: SET needs column names, not " + set.getColumns().get(i));
        }
        int position = column(table, target.getColumnName(), catalog.nameFolding());
        var column = table.columns().get(position);
        var value = (net.sf.jsqlparser.expression.Expression) set.getValues().get(i);
        boolean toDefault = InsertBinder.isDefault(value);
        if (toDefault && column.identity().isPresent()) {
          throw Unsupported.feature("SET " + column.name() + " = DEFAULT for an identity column");
        }
        checkUpdatable(table, position);
        if (!seen.add(position)) {
          throw new KiteSqlException(
              ErrorCode.TYPE_MISMATCH,
              "column " + set.getColumn(i).getColumnName() + " is assigned twice");
        }
        var bound =
            toDefault
                ? Defaults.of(column)
                : typed(binder.bind(value, Clause.SET), column.type(), params);
        assignments.add(new BoundStatement.Assignment(position, bound));
      }
    }
    return assignments;
  }

  BoundStatement.Delete delete(Delete delete) {
    if (delete.getJoins() != null && !delete.getJoins().isEmpty()
        || delete.getTables() != null && !delete.getTables().isEmpty()) {
      throw Unsupported.feature("DELETE with JOIN or several tables");
    }
    if (delete.getOrderByElements() != null || delete.getLimit() != null) {
      throw Unsupported.feature("DELETE with ORDER BY or LIMIT");
    }
    var table = Names.table(catalog, delete.getTable());
    var scan = scan(table, delete.getTable(), catalog.nameFolding());
    var queries = new QueryBinder(catalog, params);
    PlanNode source = scan;
    if (delete.getWhere() != null) {
      source =
          new Filter(
              scan,
              queries
                  .binder(RelationScope.of(scan.output(), catalog.nameFolding()))
                  .bind(delete.getWhere(), Clause.WHERE));
    }
    var returning =
        ReturningBinder.bind(delete.getReturningClause(), table, delete.getTable(), queries);
    return new BoundStatement.Delete(table, source, returning);
  }

  /** PostgreSQL refuses UPDATE of a GENERATED ALWAYS identity column to anything but DEFAULT. */
  private static void checkUpdatable(TableDef table, int position) {
    var column = table.columns().get(position);
    if (column.identity().map(i -> i.generation() == Identity.Generation.ALWAYS).orElse(false)) {
      throw new KiteSqlException(
          ErrorCode.GENERATED_ALWAYS,
          "column \""
              + column.name()
              + "\" can only be updated to DEFAULT: it is an identity column defined as GENERATED ALWAYS (SET ... = DEFAULT is not supported)");
    }
  }

  static TableScan scan(TableDef table, net.sf.jsqlparser.schema.Table ref, NameFolding folding) {
    var alias =
        ref.getAlias() != null ? Names.canonical(ref.getAlias().getName(), folding) : table.name();
    var all = IntStream.range(0, table.columns().size()).boxed().toList();
    return new TableScan(table, alias, all, new Access.FullScan());
  }

  /**
   * The position of the column {@code name} (as written, quotes included) names in {@code table}.
   */
  static int column(TableDef table, String name, NameFolding folding) {
    var folded = Names.canonical(name, folding);
    return table
        .columnPosition(folded)
        .orElseThrow(
            () ->
                new KiteSqlException(
                    ErrorCode.UNKNOWN_COLUMN,
                    "column "
                        + Names.display(folded)
                        + " does not exist in table "
                        + Names.display(table.name())));
  }
}
