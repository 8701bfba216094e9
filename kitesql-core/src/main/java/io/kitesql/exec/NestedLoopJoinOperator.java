package io.kitesql.exec;

import io.kitesql.plan.Join;
import java.util.List;

/** Tests every pair: each left row against all buffered right rows. */
final class NestedLoopJoinOperator extends BufferedJoin {

  NestedLoopJoinOperator(Operator left, Operator right, Join join) {
    super(left, right, join, "nested loop join");
  }

  @Override
  void index(int position, Object[] row, Object[] params) {
    // every right row is a candidate: nothing to index
  }

  @Override
  List<Integer> candidates(Object[] leftRow, Object[] params) {
    return null;
  }

  @Override
  void clearIndex() {}
}
