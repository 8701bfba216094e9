package io.kitesql.exec;

import io.kitesql.plan.SetOperation;
import java.util.HashMap;

/**
 * INTERSECT [ALL] and EXCEPT [ALL]: counts the right input's rows in a hash table, then streams the
 * left input against it, in the left input's order. The table holds the right rows themselves (text
 * is hashed and compared on its borrowed bytes, never copied); it is emptied on open and close, so
 * nothing survives into the next execution.
 *
 * <p>With a count n for a left row's value: INTERSECT ALL returns the row while n > 0 and
 * decrements n (min(m, n) copies); EXCEPT ALL skips the row while n > 0 and decrements n (max(m -
 * n, 0) copies). The distinct forms return each value once: INTERSECT removes the entry when it
 * returns the row, EXCEPT adds an entry for the row it returns.
 */
final class HashSetOperator implements Operator {
  private final SetOperation.Kind kind;
  private final boolean all;
  private final Operator left;
  private final Operator right;
  private final HashMap<RowKey, int[]> counts = new HashMap<>();
  private final HeldMemory held;

  HashSetOperator(SetOperation.Kind kind, boolean all, Operator left, Operator right) {
    if (kind == SetOperation.Kind.UNION) {
      throw new IllegalArgumentException("UNION is UnionOperator's");
    }
    this.kind = kind;
    this.held = new HeldMemory(kind.name() + (all ? " ALL" : ""));
    this.all = all;
    this.left = left;
    this.right = right;
  }

  @Override
  public void open(ExecutionContext ctx) {
    counts.clear();
    held.open(ctx);
    right.open(ctx);
    for (var row = right.next(); row != null; row = right.next()) {
      held.holdRow(row); // or only a count, for a repeated row: the estimate errs high
      counts.computeIfAbsent(new RowKey(row), _ -> new int[1])[0]++;
    }
    left.open(ctx);
  }

  @Override
  public Object[] next() {
    for (var row = left.next(); row != null; row = left.next()) {
      held.step();
      if (accept(new RowKey(row))) {
        return row;
      }
    }
    return null;
  }

  private boolean accept(RowKey key) {
    var count = counts.get(key);
    boolean matched = count != null && count[0] > 0;
    if (kind == SetOperation.Kind.INTERSECT) {
      if (matched && all) {
        count[0]--;
      } else if (matched) {
        counts.remove(key);
      }
      return matched;
    }
    if (matched && all) {
      count[0]--;
    } else if (!matched && !all) {
      counts.put(key, new int[] {1}); // later copies of this row now match: returned once
      held.hold(HeldMemory.rowBytes(key.values()) + HeldMemory.HASH_ENTRY);
    }
    return !matched;
  }

  @Override
  public void close() {
    counts.clear();
    held.release();
    left.close();
    right.close();
  }
}
