package io.kitesql.exec;

import io.kitesql.expr.Evaluator;
import io.kitesql.plan.Join;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A join that reads its right side into memory once per execution (the rows themselves: text stays
 * borrowed), then matches each left row against {@link #candidates} of it, rechecking the join
 * condition on each pair. Handles every join kind: unmatched left rows are padded right away; for
 * RIGHT and FULL joins the right rows that never matched come out at the end.
 */
abstract class BufferedJoin implements Operator {
  private final Operator left;
  private final Operator right;
  private final Join join;
  private final int leftWidth;
  private final int rightWidth;
  private final ArrayList<Object[]> rightRows = new ArrayList<>();
  private final BitSet matchedRight = new BitSet();

  /**
   * The right rows held (and the index's entries, which {@link #index} adds), and the steps of the
   * match loops.
   */
  final HeldMemory held;

  private Object[] params;
  private Object[] current;
  private List<Integer> candidates;
  private int position;
  private boolean currentMatched;
  private int unmatchedRight = -1;

  BufferedJoin(Operator left, Operator right, Join join, String name) {
    this.held = new HeldMemory(name);
    this.left = left;
    this.right = right;
    this.join = join;
    this.leftWidth = join.left().output().size();
    this.rightWidth = join.right().output().size();
  }

  /** Called for each right row as it is buffered, with its position. */
  abstract void index(int position, Object[] row, Object[] params);

  /** Positions of the right rows that may match {@code leftRow}; null means all of them. */
  abstract List<Integer> candidates(Object[] leftRow, Object[] params);

  /** Forgets what {@link #index} built. */
  abstract void clearIndex();

  @Override
  public void open(ExecutionContext ctx) {
    params = ctx.parameters();
    rightRows.clear();
    matchedRight.clear();
    clearIndex();
    held.open(ctx);
    right.open(ctx);
    try {
      for (var row = right.next(); row != null; row = right.next()) {
        held.holdRow(row);
        index(rightRows.size(), row, params);
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
        held.step();
        current = left.next();
        if (current == null) {
          unmatchedRight = 0; // left side done: unmatched right rows next, if the kind keeps them
          break;
        }
        candidates = candidates(current, params);
        position = 0;
        currentMatched = false;
      }
      int size = candidates == null ? rightRows.size() : candidates.size();
      while (position < size) {
        held.step();
        int i = candidates == null ? position : candidates.get(position);
        position++;
        var row = JoinRows.combine(current, leftWidth, rightRows.get(i), rightWidth);
        if (join.condition().isEmpty()
            || Boolean.TRUE.equals(Evaluator.test(join.condition().get(), row, params))) {
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

  @Override
  public void close() {
    rightRows.clear();
    matchedRight.clear();
    clearIndex();
    held.release();
    candidates = null;
    current = null;
    params = null;
    left.close();
  }
}
