package io.kitesql.exec;

import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import io.kitesql.plan.Join;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Optional;

/**
 * Tests every pair: the right rows are read once per execution into a list (kept as the rows
 * themselves: text stays borrowed), then each left row is matched against all of them. Handles
 * every join kind; for RIGHT and FULL joins it remembers which right rows matched.
 */
final class NestedLoopJoinOperator implements Operator {
  private final Operator left;
  private final Operator right;
  private final Join join;
  private final int leftWidth;
  private final int rightWidth;
  private final ArrayList<Object[]> rightRows = new ArrayList<>();
  private final BitSet matchedRight = new BitSet();
  private Object[] params;
  private Object[] current;
  private boolean currentMatched;
  private int position;
  private int unmatchedRight = -1;

  NestedLoopJoinOperator(Operator left, Operator right, Join join) {
    this.left = left;
    this.right = right;
    this.join = join;
    this.leftWidth = join.left().output().size();
    this.rightWidth = join.right().output().size();
  }

  @Override
  public void open(ExecutionContext ctx) {
    params = ctx.parameters();
    rightRows.clear();
    matchedRight.clear();
    right.open(ctx);
    try {
      for (var row = right.next(); row != null; row = right.next()) {
        rightRows.add(row);
      }
    } finally {
      right.close();
    }
    left.open(ctx);
    current = null;
    unmatchedRight = -1;
  }

  @Override
  public Object[] next() {
    while (unmatchedRight < 0) {
      if (current == null) {
        current = left.next();
        if (current == null) {
          unmatchedRight = 0; // left side done: emit unmatched right rows if the kind asks
          break;
        }
        currentMatched = false;
        position = 0;
      }
      while (position < rightRows.size()) {
        int i = position++;
        var row = JoinRows.combine(current, leftWidth, rightRows.get(i), rightWidth);
        if (matches(join.condition(), row)) {
          currentMatched = true;
          matchedRight.set(i);
          return row;
        }
      }
      var finished = current;
      current = null;
      if (!currentMatched && join.kind().keepsUnmatchedLeft()) {
        return JoinRows.combine(finished, leftWidth, null, rightWidth);
      }
    }
    if (join.kind().keepsUnmatchedRight()) {
      int i = matchedRight.nextClearBit(unmatchedRight);
      if (i < rightRows.size()) {
        unmatchedRight = i + 1;
        return JoinRows.combine(null, leftWidth, rightRows.get(i), rightWidth);
      }
    }
    return null;
  }

  private boolean matches(Optional<Expr> condition, Object[] row) {
    return condition.isEmpty() || Boolean.TRUE.equals(Evaluator.test(condition.get(), row, params));
  }

  @Override
  public void close() {
    rightRows.clear();
    matchedRight.clear();
    current = null;
    params = null;
    left.close();
  }
}
