package io.kitesql.plan;

import io.kitesql.catalog.TableDef;
import java.util.List;
import java.util.Optional;

/**
 * Rows of a table. Output rows are table-wide (position = column position) but only {@code columns}
 * are decoded: the others are NULL (projection pruning).
 *
 * @param table the table
 * @param alias the name the query uses for it
 * @param columns positions the plan above reads
 * @param access full scan or key range
 */
public record TableScan(TableDef table, String alias, List<Integer> columns, Access access)
    implements PlanNode {
  public TableScan {
    columns = List.copyOf(columns);
  }

  @Override
  public List<OutputColumn> output() {
    return table.columns().stream()
        .map(c -> new OutputColumn(c.name(), c.type(), Optional.of(alias)))
        .toList();
  }

  @Override
  public List<PlanNode> children() {
    return List.of();
  }

  public TableScan withColumns(List<Integer> needed) {
    return new TableScan(table, alias, needed, access);
  }

  public TableScan withAccess(Access newAccess) {
    return new TableScan(table, alias, columns, newAccess);
  }
}
