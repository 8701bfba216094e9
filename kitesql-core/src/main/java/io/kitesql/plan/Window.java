package io.kitesql.plan;

import io.kitesql.expr.WindowCall;
import java.util.List;

/**
 * Window functions: every input row, followed by one column per call of {@code calls} (in that
 * order) holding the call's value for that row. Rows come out grouped by partition in window order
 * of the last distinct window specification; a query that needs an order sorts above.
 *
 * @param output the input's columns, then one column per call
 */
public record Window(PlanNode input, List<WindowCall> calls, List<OutputColumn> output)
    implements PlanNode {
  public Window {
    calls = List.copyOf(calls);
    output = List.copyOf(output);
    if (output.size() != input.output().size() + calls.size()) {
      throw new IllegalArgumentException("a window's output is its input plus one column per call");
    }
  }

  @Override
  public List<PlanNode> children() {
    return List.of(input);
  }
}
