package io.kitesql.plan;

import java.util.List;

/**
 * {@code WITH RECURSIVE}: the rows of {@code anchor}, then repeatedly the rows of {@code recursive}
 * computed over the rows the previous round produced (read by the {@link WorkTableScan}s with this
 * node's {@code workTable} id), until a round produces none. Without {@code all}, rows already
 * produced are dropped (and do not feed the next round). Both inputs have the result's column
 * types.
 */
public record RecursiveUnion(
    PlanNode anchor, PlanNode recursive, boolean all, int workTable, List<OutputColumn> output)
    implements PlanNode {
  public RecursiveUnion {
    output = List.copyOf(output);
    if (anchor.output().size() != output.size() || recursive.output().size() != output.size()) {
      throw new IllegalArgumentException("recursive union inputs differ in width");
    }
  }

  @Override
  public List<PlanNode> children() {
    return List.of(anchor, recursive);
  }
}
