package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.TableDef;
import io.kitesql.expr.Expr;
import io.kitesql.plan.OutputColumn;
import java.util.ArrayList;
import java.util.Optional;
import net.sf.jsqlparser.statement.ReturningClause;
import net.sf.jsqlparser.statement.select.AllColumns;
import net.sf.jsqlparser.statement.select.AllTableColumns;

/**
 * The RETURNING clause of INSERT, UPDATE and DELETE: expressions over one row of the target table
 * (as written, or as deleted), {@code *} and {@code t.*} for all its columns.
 */
final class ReturningBinder {
  private ReturningBinder() {}

  /** The bound clause, or empty without one. */
  static Optional<BoundStatement.Returning> bind(
      ReturningClause clause,
      TableDef table,
      net.sf.jsqlparser.schema.Table ref,
      QueryBinder queries) {
    if (clause == null) {
      return Optional.empty();
    }
    if (clause.getDataItems() != null && !clause.getDataItems().isEmpty()) {
      throw Unsupported.feature("RETURNING ... INTO");
    }
    if (clause.getOutputAliases() != null && !clause.getOutputAliases().isEmpty()) {
      throw Unsupported.feature("RETURNING WITH (OLD/NEW AS ...)");
    }
    if (clause.getKeyword() == ReturningClause.Keyword.RETURN) {
      throw Unsupported.feature("RETURN as a spelling of RETURNING");
    }
    var scan = DmlBinder.scan(table, ref, queries.nameFolding());
    var binder = queries.binder(RelationScope.of(scan.output(), queries.nameFolding()));
    var values = new ArrayList<Expr>();
    var columns = new ArrayList<OutputColumn>();
    for (var item : clause) {
      var e = item.getExpression();
      if (e instanceof AllColumns) { // RETURNING * or t.*: the one table there is
        if (e instanceof AllTableColumns star) {
          checkQualifier(star, scan.alias());
        }
        for (int i = 0; i < table.columns().size(); i++) {
          var c = table.columns().get(i);
          values.add(new Expr.Column(i, c.type(), c.name()));
          columns.add(OutputColumn.of(c.name(), c.type()));
        }
        continue;
      }
      var bound = binder.bind(e, Clause.RETURNING);
      values.add(bound);
      columns.add(
          OutputColumn.of(
              item.getAlias() != null
                  ? Names.canonical(item.getAlias().getName(), queries.nameFolding())
                  : QueryBinder.defaultName(e, bound),
              bound.type()));
    }
    return Optional.of(new BoundStatement.Returning(values, columns));
  }

  private static void checkQualifier(AllTableColumns star, String alias) {
    var qualifier = star.getTable() == null ? null : star.getTable().getName();
    if (qualifier != null && !BindScope.Name.of(qualifier).matches(alias)) {
      throw new KiteSqlException(
          ErrorCode.UNKNOWN_TABLE, "RETURNING " + star + ": the statement writes only " + alias);
    }
  }
}
