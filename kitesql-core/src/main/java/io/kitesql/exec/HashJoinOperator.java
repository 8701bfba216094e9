package io.kitesql.exec;

import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import io.kitesql.plan.Join;
import io.kitesql.plan.JoinStrategy;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;

/**
 * Equality joins: the right rows go into a hash table keyed by their join key values (the values
 * themselves, so text keys hash their borrowed bytes in place), left rows probe it. A NULL key
 * matches nothing, as {@code =} says. The full join condition is rechecked on each candidate
 * pair. For RIGHT and FULL joins, right rows that never matched come out at the end.
 */
final class HashJoinOperator implements Operator {
  private final Operator left;
  private final Operator right;
  private final Join join;
  private final Expr[] leftKeys;
  private final Expr[] rightKeys;
  private final int leftWidth;
  private final int rightWidth;
  private final HashMap<RowKey, List<Integer>> table = new HashMap<>();
  private final ArrayList<Object[]> rightRows = new ArrayList<>();
  private final BitSet matchedRight = new BitSet();
  private Object[] params;
  private Object[] current;
  private List<Integer> candidates = List.of();
  private int position;
  private boolean currentMatched;
  private int unmatchedRight = -1;

  HashJoinOperator(Operator left, Operator right, Join join, JoinStrategy.Hash hash) {
    this.left = left;
    this.right = right;
    this.join = join;
    this.leftKeys = hash.leftKeys().toArray(Expr[]::new);
    this.rightKeys = hash.rightKeys().toArray(Expr[]::new);
    this.leftWidth = join.left().output().size();
    this.rightWidth = join.right().output().size();
  }

  @Override
  public void open(ExecutionContext ctx) {
    params = ctx.parameters();
    table.clear();
    rightRows.clear();
    matchedRight.clear();
    right.open(ctx);
    try {
      for (var row = right.next(); row != null; row = right.next()) {
        int index = rightRows.size();
        rightRows.add(row);
        var key = key(rightKeys, row);
        if (key != null) {
          table.computeIfAbsent(key, _ -> new ArrayList<>(1)).add(index);
        }
      }
    } finally {
      right.close();
    }
    left.open(ctx);
    current = null;
    unmatchedRight = -1;
  }

  /** The key values of {@code row}, or null if one is NULL (such a row matches nothing). */
  private RowKey key(Expr[] keys, Object[] row) {
    var values = new Object[keys.length];
    for (int i = 0; i < keys.length; i++) {
      var v = Evaluator.evaluate(keys[i], row, params);
      if (v == null) {
        return null;
      }
      values[i] = Keys.normalize(v);
    }
    return new RowKey(values);
  }

  @Override
  public Object[] next() {
    while (unmatchedRight < 0) {
      if (current == null) {
        current = left.next();
        if (current == null) {
          unmatchedRight = 0;
          break;
        }
        var key = key(leftKeys, current);
        candidates = key == null ? List.of() : table.getOrDefault(key, List.of());
        position = 0;
        currentMatched = false;
      }
      while (position < candidates.size()) {
        int i = candidates.get(position++);
        var row = JoinRows.combine(current, leftWidth, rightRows.get(i), rightWidth);
        if (join.condition().isEmpty() || Boolean.TRUE.equals(Evaluator.test(join.condition().get(), row, params))) {
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
    table.clear();
    rightRows.clear();
    matchedRight.clear();
    candidates = List.of();
    current = null;
    params = null;
    left.close();
  }
}
