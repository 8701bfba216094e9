package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.NameFolding;
import io.kitesql.expr.Expr;
import io.kitesql.plan.OutputColumn;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Project;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.sf.jsqlparser.expression.Alias;

/**
 * Names a query used as a relation (derived table, CTE reference, VALUES in FROM): its columns are
 * qualified by the alias and may be renamed by a column list ({@code AS t(a, b)}).
 */
final class Relations {
  private Relations() {}

  /** {@code plan} as the relation named by {@code alias} (unqualified if there is none). */
  static PlanNode derived(PlanNode plan, Alias alias, NameFolding folding) {
    if (alias == null) {
      return plan;
    }
    List<String> columns =
        alias.getAliasColumns() == null
            ? List.of()
            : alias.getAliasColumns().stream()
                .map(
                    c -> {
                      if (c.colDataType != null) {
                        throw Unsupported.feature("typed column aliases (" + alias + ")");
                      }
                      return Names.canonical(c.name, folding);
                    })
                .toList();
    return named(plan, Names.canonical(alias.getName(), folding), columns);
  }

  /**
   * {@code plan}'s columns qualified by {@code name} and renamed by {@code columns} (empty: keep
   * the names).
   *
   * @throws KiteSqlException UNKNOWN_COLUMN if there are more names than columns
   */
  static PlanNode named(PlanNode plan, String name, List<String> columns) {
    var out = plan.output();
    if (columns.size() > out.size()) {
      throw new KiteSqlException(
          ErrorCode.UNKNOWN_COLUMN,
          name + " has " + out.size() + " column(s) but " + columns.size() + " names were given");
    }
    var exprs = new ArrayList<Expr>();
    var cols = new ArrayList<OutputColumn>();
    for (int i = 0; i < out.size(); i++) {
      var c = out.get(i);
      exprs.add(new Expr.Column(i, c.type(), c.name()));
      // Fewer names than columns rename the first ones, as PostgreSQL does.
      cols.add(
          new OutputColumn(
              i < columns.size() ? columns.get(i) : c.name(), c.type(), Optional.of(name)));
    }
    return new Project(plan, exprs, cols);
  }
}
