package io.kitesql.bind;

import io.kitesql.catalog.Catalog;
import io.kitesql.expr.Parameters;
import java.util.List;
import net.sf.jsqlparser.statement.ExplainStatement;
import net.sf.jsqlparser.statement.Statement;
import net.sf.jsqlparser.statement.alter.Alter;
import net.sf.jsqlparser.statement.analyze.Analyze;
import net.sf.jsqlparser.statement.create.index.CreateIndex;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.create.view.CreateView;
import net.sf.jsqlparser.statement.delete.Delete;
import net.sf.jsqlparser.statement.drop.Drop;
import net.sf.jsqlparser.statement.insert.Insert;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.update.Update;

/**
 * Binds a parsed statement against a catalog: names resolved, expressions typed, parameters
 * numbered. The result is immutable and independent of any transaction.
 */
public final class StatementBinder {
  private StatementBinder() {}

  /**
   * Binds {@code statement}, parsed from {@code sql} (CREATE VIEW stores its query as written
   * there).
   *
   * @param params collects the statement's parameters while binding
   * @throws io.kitesql.KiteSqlException for unknown names, type errors and unsupported SQL
   */
  public static BoundStatement bind(
      Statement statement, String sql, Catalog catalog, Parameters params) {
    return Expansions.during(() -> bindStatement(statement, sql, catalog, params));
  }

  private static BoundStatement bindStatement(
      Statement statement, String sql, Catalog catalog, Parameters params) {
    return switch (statement) {
      case Select select ->
          new BoundStatement.Query(
              new QueryBinder(catalog, params).bindStatement(select),
              Unsupported.locksRows(select));
      case Insert insert -> {
        Views.refuseWrite(catalog, insert.getTable(), "INSERT into");
        yield new DmlBinder(catalog, params).insert(insert);
      }
      case Update update -> {
        Views.refuseWrite(catalog, update.getTable(), "UPDATE of");
        yield new DmlBinder(catalog, params).update(update);
      }
      case Delete delete -> {
        Views.refuseWrite(catalog, delete.getTable(), "DELETE from");
        yield new DmlBinder(catalog, params).delete(delete);
      }
      case CreateTable create -> DdlBinder.createTable(create, catalog.nameFolding());
      case CreateView create -> Views.create(create, sql, catalog);
      case Drop drop when "VIEW".equalsIgnoreCase(drop.getType()) ->
          Views.drop(drop, catalog.nameFolding());
      case Drop drop -> DdlBinder.drop(drop, catalog.nameFolding());
      case CreateIndex create -> DdlBinder.createIndex(create, catalog);
      case Alter alter -> DdlBinder.alter(alter, catalog.nameFolding());
      case Analyze analyze -> DdlBinder.analyze(analyze, catalog);
      case ExplainStatement explain ->
          new BoundStatement.Explain(
              new BoundStatement.Query(new QueryBinder(catalog, params).bind(explained(explain))),
              analyze(explain));
      default -> throw Unsupported.feature(statement.getClass().getSimpleName() + " statements");
    };
  }

  /** Whether EXPLAIN has the ANALYZE option; any other option is refused by name. */
  private static boolean analyze(ExplainStatement explain) {
    boolean analyze = false;
    for (var option :
        explain.getOptionList() == null
            ? List.<ExplainStatement.Option>of()
            : explain.getOptionList()) {
      if (option.getType() != ExplainStatement.OptionType.ANALYZE) {
        throw Unsupported.feature("EXPLAIN option " + option.getType());
      }
      var value = option.getValue();
      analyze =
          value == null
              || value.isBlank()
              || value.equalsIgnoreCase("true")
              || value.equalsIgnoreCase("on");
    }
    return analyze;
  }

  /** JSqlParser 5.4 accepts EXPLAIN before any statement; KiteSQL explains queries only. */
  private static Select explained(ExplainStatement explain) {
    if (explain.getStatement() instanceof Select select) {
      return select;
    }
    throw Unsupported.feature(
        "EXPLAIN of " + explain.getStatement().getClass().getSimpleName() + " statements");
  }
}
