package io.kitesql.plan;

import java.util.List;

/**
 * UNION, INTERSECT or EXCEPT of two inputs of the same width whose columns already have the
 * result's types (the binder coerces each branch). Rows compare as in DISTINCT: NULL equals NULL.
 * Without {@code all} the result has no duplicates; with it, a row occurring m times on the left
 * and n times on the right occurs m + n (UNION ALL), min(m, n) (INTERSECT ALL) or max(m - n, 0)
 * (EXCEPT ALL) times.
 *
 * @param output the result's columns: names of the left input, the common type of each column
 */
public record SetOperation(
    Kind kind, boolean all, PlanNode left, PlanNode right, List<OutputColumn> output)
    implements PlanNode {

  /** The three set operations. */
  public enum Kind {
    UNION,
    INTERSECT,
    EXCEPT
  }

  public SetOperation {
    output = List.copyOf(output);
    if (left.output().size() != output.size() || right.output().size() != output.size()) {
      throw new IllegalArgumentException("set operation inputs differ in width");
    }
  }

  @Override
  public List<PlanNode> children() {
    return List.of(left, right);
  }

  /** The SQL spelling, e.g. {@code EXCEPT ALL}. */
  public String sql() {
    return kind + (all ? " ALL" : "");
  }
}
