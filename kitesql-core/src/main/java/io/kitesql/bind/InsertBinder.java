package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.Catalog;
import io.kitesql.catalog.Identity;
import io.kitesql.catalog.TableDef;
import io.kitesql.expr.Expr;
import io.kitesql.expr.Parameters;
import io.kitesql.expr.Subqueries;
import io.kitesql.plan.OutputColumn;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Values;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.stream.IntStream;
import net.sf.jsqlparser.expression.Expression;
import net.sf.jsqlparser.schema.Column;
import net.sf.jsqlparser.statement.insert.Insert;

/**
 * INSERT: target columns, the source rows (VALUES with DEFAULT items, a query, or DEFAULT VALUES),
 * identity columns, ON CONFLICT ({@link OnConflictBinder}) and RETURNING.
 */
final class InsertBinder {
  private final Catalog catalog;
  private final Parameters params;
  private final DmlBinder dml;

  InsertBinder(Catalog catalog, Parameters params, DmlBinder dml) {
    this.catalog = catalog;
    this.params = params;
    this.dml = dml;
  }

  BoundStatement.Insert bind(Insert insert) {
    if (insert.getDuplicateUpdateSets() != null || insert.getSetUpdateSets() != null) {
      throw Unsupported.feature("INSERT ... SET / ON DUPLICATE KEY UPDATE");
    }
    if (insert.isOverriding()) {
      throw Unsupported.feature(
          "INSERT ... OVERRIDING SYSTEM/USER VALUE"); // JSqlParser 5.4 parses it: never ignore it
    }
    var table = Names.table(catalog, insert.getTable());
    var targets = targets(insert, table);
    var queries = new QueryBinder(catalog, params).with(insert.getWithItemsList());
    var select = insert.getSelect();
    PlanNode source;
    if (select == null) { // INSERT INTO t DEFAULT VALUES: one row, every column its default
      targets.clear();
      source = new Values(List.of(List.of()), List.of());
    } else if (select instanceof net.sf.jsqlparser.statement.select.Values values) {
      source = values(values, table, targets, queries);
    } else {
      source = queries.bind(select);
    }
    if (source.output().size() != targets.size()) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH,
          "INSERT into "
              + table.name()
              + " has "
              + targets.size()
              + " target column(s) but "
              + source.output().size()
              + " value(s) per row");
    }
    checkGeneratedAlways(table, targets);
    if (source instanceof Values rows) {
      source = typeParameters(rows, table, targets);
    }
    var onConflict = OnConflictBinder.bind(insert, table, dml, queries);
    var returning =
        ReturningBinder.bind(insert.getReturningClause(), table, insert.getTable(), queries);
    if (onConflict.isPresent()
        && returning.stream()
            .flatMap(r -> r.values().stream())
            .anyMatch(Subqueries::containsSubquery)) {
      // computed after each row's write, a subquery would see the rows written before; PostgreSQL's
      // sees none
      throw Unsupported.feature("a subquery in RETURNING of INSERT ... ON CONFLICT");
    }
    return new BoundStatement.Insert(
        table, targets, source, Defaults.of(table), onConflict, returning);
  }

  private ArrayList<Integer> targets(Insert insert, TableDef table) {
    var targets = new ArrayList<Integer>();
    if (insert.getColumns() == null || insert.getColumns().isEmpty()) {
      IntStream.range(0, table.columns().size()).forEach(targets::add);
      return targets;
    }
    var seen = new HashSet<Integer>();
    for (var c : insert.getColumns()) {
      int position = DmlBinder.column(table, c.getColumnName(), catalog.nameFolding());
      if (!seen.add(position)) {
        throw new KiteSqlException(
            ErrorCode.TYPE_MISMATCH, "column " + c.getColumnName() + " is listed twice in INSERT");
      }
      targets.add(position);
    }
    return targets;
  }

  /**
   * INSERT ... VALUES. A DEFAULT item takes the column's default. For the identity column DEFAULT
   * means "generate": when every row says DEFAULT there, the column stops being a target (then
   * {@code targets} loses it); a mix of DEFAULT and explicit values there is refused.
   */
  private static PlanNode values(
      net.sf.jsqlparser.statement.select.Values values,
      TableDef table,
      List<Integer> targets,
      QueryBinder queries) {
    var rows = ValuesBinder.rowItems(values.getExpressions());
    if (rows.stream().flatMap(List::stream).noneMatch(InsertBinder::isDefault)) {
      return queries.bindValues(values.getExpressions());
    }
    int width = rows.getFirst().size();
    if (rows.stream().anyMatch(r -> r.size() != width) || width != targets.size()) {
      return queries.bindValues(values.getExpressions()); // reports the mismatch
    }
    var identity = table.identityColumn();
    int generated = identity.isPresent() ? targets.indexOf(identity.getAsInt()) : -1;
    if (generated >= 0) {
      long defaults = rows.stream().filter(r -> isDefault(r.get(generated))).count();
      if (defaults == rows.size()) {
        targets.remove(generated);
      } else if (defaults > 0) {
        throw Unsupported.feature(
            "DEFAULT in some rows but not in others for identity column "
                + table.columns().get(identity.getAsInt()).name()
                + " (split the INSERT)");
      }
    }
    var binder = queries.binder(RelationScope.empty());
    var bound = new ArrayList<List<Expr>>();
    for (var row : rows) {
      var exprs = new ArrayList<Expr>();
      for (int i = 0; i < width; i++) {
        if (i == generated && targets.size() < width) {
          continue;
        }
        var item = row.get(i);
        exprs.add(
            isDefault(item)
                ? Defaults.of(table.columns().get(targets.get(exprs.size())))
                : binder.bind(item, Clause.VALUES));
      }
      bound.add(exprs);
    }
    var first = bound.getFirst();
    var output =
        IntStream.range(0, first.size())
            .mapToObj(i -> OutputColumn.of("column" + (i + 1), first.get(i).type()))
            .toList();
    return new Values(bound, output);
  }

  /**
   * VALUES rows whose bare parameters take their target columns' types ({@link DmlBinder#typed}).
   */
  private Values typeParameters(Values values, TableDef table, List<Integer> targets) {
    var rows = new ArrayList<List<Expr>>();
    for (var row : values.rows()) {
      var typed = new ArrayList<Expr>();
      for (int i = 0; i < row.size(); i++) {
        typed.add(DmlBinder.typed(row.get(i), table.columns().get(targets.get(i)).type(), params));
      }
      rows.add(typed);
    }
    var first = rows.getFirst();
    var output =
        IntStream.range(0, first.size())
            .mapToObj(i -> OutputColumn.of(values.output().get(i).name(), first.get(i).type()))
            .toList();
    return new Values(rows, output);
  }

  /**
   * The DEFAULT keyword as a VALUES item or SET value (JSqlParser reads it as a column named
   * DEFAULT).
   */
  static boolean isDefault(Expression item) {
    return item instanceof Column c
        && c.getTable() == null
        && c.getColumnName().equalsIgnoreCase("DEFAULT");
  }

  private static void checkGeneratedAlways(TableDef table, List<Integer> targets) {
    var identity = table.identityColumn();
    if (identity.isEmpty() || !targets.contains(identity.getAsInt())) {
      return;
    }
    var column = table.columns().get(identity.getAsInt());
    if (column.identity().orElseThrow().generation() == Identity.Generation.ALWAYS) {
      // PostgreSQL's wording; OVERRIDING SYSTEM VALUE, its escape hatch, is not supported
      throw new KiteSqlException(
          ErrorCode.GENERATED_ALWAYS,
          "cannot insert a non-DEFAULT value into column \""
              + column.name()
              + "\": it is an identity column defined as GENERATED ALWAYS (omit it, or give DEFAULT)");
    }
  }
}
