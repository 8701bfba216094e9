package io.kitesql.optimize;

import io.kitesql.catalog.IndexDef;
import io.kitesql.catalog.TableDef;
import io.kitesql.expr.AggregateCall;
import io.kitesql.plan.Access;
import io.kitesql.plan.Aggregate;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.TableScan;
import io.kitesql.value.DataType;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * {@code COUNT(*)} of a whole table counts the entries of its narrowest index instead of its rows:
 * an index has one entry per row, and its entries (the indexed values and the primary key) fill
 * fewer B-tree pages than rows with all their columns. What SQLite does; a {@code Page} query
 * counts its table on every page.
 *
 * <pre>
 * Aggregate(COUNT(*))                    Aggregate(COUNT(*))
 *   TableScan items columns=[]    =>       IndexScan items using items_category covered columns=[]
 * </pre>
 *
 * <p>Widths are estimated from the column types (text and binary as {@link #VARIABLE_WIDTH} bytes);
 * an index is taken only if its entries are estimated narrower than the rows.
 */
final class CountFromNarrowestKey {
  /** The width assumed for a text or binary value. */
  static final int VARIABLE_WIDTH = 24;

  private CountFromNarrowestKey() {}

  static PlanNode apply(PlanNode plan) {
    return Plans.bottomUp(
        plan,
        node -> {
          if (node instanceof Aggregate a
              && a.groupKeys().isEmpty()
              && !a.aggregates().isEmpty()
              && a.aggregates().stream().allMatch(AggregateCall::isCountStar)
              && a.input() instanceof TableScan s
              && s.access() instanceof Access.FullScan
              && s.columns().isEmpty()) {
            return narrowest(s.table())
                .<PlanNode>map(
                    i ->
                        new Aggregate(
                            s.withAccess(
                                new Access.KeyRange(Optional.of(i), Access.Range.all(), true)),
                            a.groupKeys(),
                            a.aggregates(),
                            a.output()))
                .orElse(node);
          }
          return node;
        });
  }

  private static Optional<IndexDef> narrowest(TableDef table) {
    var all = IntStream.range(0, table.columns().size()).boxed().toList();
    int rowWidth = width(table, all);
    Optional<IndexDef> narrowest = Optional.empty();
    int narrowestWidth = rowWidth;
    for (var index : table.indexes()) {
      int w = width(table, table.walkOrder(Optional.of(index)));
      if (w < narrowestWidth) {
        narrowest = Optional.of(index);
        narrowestWidth = w;
      }
    }
    return narrowest;
  }

  private static int width(TableDef table, List<Integer> columns) {
    int width = 0;
    for (int c : columns) {
      width += width(table.columns().get(c).type());
    }
    return width;
  }

  private static int width(DataType type) {
    return switch (type.kind()) {
      case BOOLEAN -> 2;
      case INT, DATE -> 5;
      case BIGINT, DOUBLE, DECIMAL, TIMESTAMP -> 9;
      case VARCHAR, VARBINARY -> VARIABLE_WIDTH;
    };
  }
}
