package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.Catalog;
import io.kitesql.expr.Parameters;
import io.kitesql.expr.Types;
import io.kitesql.plan.OutputColumn;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.RecursiveUnion;
import io.kitesql.value.DataType;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import net.sf.jsqlparser.statement.select.SetOperationList;
import net.sf.jsqlparser.statement.select.UnionOp;

/**
 * A CTE of a {@code WITH RECURSIVE} list. Its query {@code anchor UNION [ALL] recursive} (the
 * anchor being everything before the last UNION) becomes a {@link RecursiveUnion} when the
 * recursive term refers to the CTE itself: the anchor's columns (renamed by the CTE's column list)
 * give the result's names and types, the recursive term's rows are converted to them. A CTE that
 * does not refer to itself is an ordinary CTE.
 */
final class RecursiveCte {
  /** Work table ids; they only need to differ within one plan. */
  private static final AtomicInteger IDS = new AtomicInteger();

  private final Catalog catalog;
  private final Parameters params;

  RecursiveCte(Catalog catalog, Parameters params) {
    this.catalog = catalog;
    this.params = params;
  }

  PlanNode bind(CteScope.Definition cte) {
    var outer = new QueryBinder(catalog, params, cte.visible());
    if (!(cte.query() instanceof SetOperationList list)
        || !(list.getOperations().getLast() instanceof UnionOp union)
        || hasOrderOrLimit(list)) {
      return Relations.named(outer.bind(cte.query()), cte.name(), cte.columns());
    }
    int last = list.getSelects().size() - 1;
    var anchorQuery = last == 1 ? list.getSelects().getFirst() : anchorOf(list, last);
    var named = Relations.named(outer.bind(anchorQuery), cte.name(), cte.columns());
    // Text grows as the recursion goes (a path, say): bounded text columns become unbounded.
    var types = named.output().stream().map(c -> unbounded(c.type())).toList();
    var anchor = ColumnTypes.convert(named, types);
    int id = IDS.incrementAndGet();
    var workTable = new CteScope.WorkTable(cte.name(), id, anchor.output(), new AtomicBoolean());
    var inner = new QueryBinder(catalog, params, cte.visible().plus(cte.name(), workTable));
    var recursive = inner.bind(list.getSelects().get(last));
    if (!workTable.used().get()) {
      return Relations.named(outer.bind(cte.query()), cte.name(), cte.columns());
    }
    checkRecursiveTerm(cte.name(), recursive, types);
    var output = anchor.output().stream().map(c -> OutputColumn.of(c.name(), c.type())).toList();
    var plan =
        new RecursiveUnion(
            anchor, ColumnTypes.convert(recursive, types), union.isAll(), id, output);
    return Relations.named(plan, cte.name(), List.of());
  }

  private static void checkRecursiveTerm(String name, PlanNode recursive, List<DataType> types) {
    if (recursive.output().size() != types.size()) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH,
          "the recursive term of "
              + name
              + " has "
              + recursive.output().size()
              + " column(s), its anchor "
              + types.size());
    }
    for (int i = 0; i < types.size(); i++) {
      var from = recursive.output().get(i).type();
      if (!Types.comparable(from, types.get(i))) {
        throw new KiteSqlException(
            ErrorCode.TYPE_MISMATCH,
            "column "
                + (i + 1)
                + " of the recursive term of "
                + name
                + " is "
                + from
                + ", its anchor's is "
                + types.get(i));
      }
    }
  }

  private static DataType unbounded(DataType t) {
    return switch (t.kind()) {
      case VARCHAR, VARBINARY -> new DataType(t.kind(), 0, 0);
      default -> t;
    };
  }

  private static boolean hasOrderOrLimit(SetOperationList list) {
    return (list.getOrderByElements() != null && !list.getOrderByElements().isEmpty())
        || list.getLimit() != null
        || list.getOffset() != null
        || list.getFetch() != null;
  }

  /** The first {@code last} branches (and the operations between them) as a new query. */
  private static SetOperationList anchorOf(SetOperationList list, int last) {
    var anchor = new SetOperationList();
    anchor.setSelects(List.copyOf(list.getSelects().subList(0, last)));
    anchor.setOperations(List.copyOf(list.getOperations().subList(0, last - 1)));
    return anchor;
  }
}
