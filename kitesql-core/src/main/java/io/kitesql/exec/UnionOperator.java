package io.kitesql.exec;

import java.util.HashSet;

/**
 * UNION ALL streams the left input, then the right one. UNION also drops rows it has already
 * returned; its set holds the rows themselves (text hashed and compared on its borrowed bytes), and
 * is emptied on open and close.
 */
final class UnionOperator implements Operator {
  private final Operator left;
  private final Operator right;
  private final boolean all;
  private final HashSet<RowKey> seen = new HashSet<>();
  private final HeldMemory held = new HeldMemory("UNION");
  private boolean onRight;

  UnionOperator(Operator left, Operator right, boolean all) {
    this.left = left;
    this.right = right;
    this.all = all;
  }

  @Override
  public void open(ExecutionContext ctx) {
    seen.clear();
    onRight = false;
    held.open(ctx);
    left.open(ctx);
    right.open(ctx);
  }

  @Override
  public Object[] next() {
    while (true) {
      var row = onRight ? right.next() : left.next();
      if (row == null) {
        if (onRight) {
          return null;
        }
        onRight = true;
      } else if (all) {
        return row;
      } else if (seen.add(new RowKey(row))) {
        held.hold(HeldMemory.rowBytes(row) + HeldMemory.HASH_ENTRY);
        return row;
      } else {
        held.step();
      }
    }
  }

  @Override
  public void close() {
    seen.clear();
    held.release();
    left.close();
    right.close();
  }
}
