package io.kitesql.exec;

import io.kitesql.expr.Evaluator;
import io.kitesql.expr.Expr;
import io.kitesql.plan.Join;
import io.kitesql.plan.JoinStrategy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;

/**
 * Equality joins: buffered right rows are hashed on their key values (the values themselves, so
 * text keys hash their borrowed bytes in place); a left row's candidates are the rows with its key.
 * A NULL key matches nothing, as {@code =} says.
 */
final class HashJoinOperator extends BufferedJoin {
  private final Expr[] leftKeys;
  private final Expr[] rightKeys;
  private final HashMap<RowKey, List<Integer>> table = new HashMap<>();

  HashJoinOperator(Operator left, Operator right, Join join, JoinStrategy.Hash hash) {
    super(left, right, join, "hash join");
    this.leftKeys = hash.leftKeys().toArray(Expr[]::new);
    this.rightKeys = hash.rightKeys().toArray(Expr[]::new);
  }

  @Override
  void index(int position, Object[] row, Object[] params) {
    var key = key(rightKeys, row, params);
    if (key != null) {
      held.hold(
          HeldMemory
              .HASH_ENTRY); // its position in the list of its key, the key's entry (amortized)
      table.computeIfAbsent(key, _ -> new ArrayList<>(1)).add(position);
    }
  }

  @Override
  List<Integer> candidates(Object[] leftRow, Object[] params) {
    var key = key(leftKeys, leftRow, params);
    return key == null ? List.of() : table.getOrDefault(key, List.of());
  }

  @Override
  void clearIndex() {
    table.clear();
  }

  /** The key values of {@code row}, or null if one is NULL (such a row matches nothing). */
  private static RowKey key(Expr[] keys, Object[] row, Object[] params) {
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
}
