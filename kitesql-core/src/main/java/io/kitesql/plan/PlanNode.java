package io.kitesql.plan;

import io.kitesql.expr.QueryPlan;
import java.util.List;

/**
 * A node of a query plan. Plans are immutable and shared by every execution of a prepared
 * statement, on any thread; what an execution changes lives in its operators (package {@code
 * exec}).
 *
 * <p>Rows are {@code Object[]}; {@link #output()} names their positions.
 */
public sealed interface PlanNode extends QueryPlan
    permits TableScan,
        Filter,
        Project,
        Aggregate,
        Sort,
        TopN,
        Limit,
        Distinct,
        Values,
        Join,
        SetOperation,
        RecursiveUnion,
        WorkTableScan,
        Window {

  List<OutputColumn> output();

  List<PlanNode> children();
}
