package io.kitesql.exec;

import java.util.HashSet;

/**
 * Drops repeated rows. The set holds the rows themselves: text values are compared and hashed on
 * their (borrowed) bytes, never copied.
 */
final class DistinctOperator implements Operator {
  private final Operator input;
  private final HashSet<RowKey> seen = new HashSet<>();
  private final HeldMemory held = new HeldMemory("DISTINCT");

  DistinctOperator(Operator input) {
    this.input = input;
  }

  @Override
  public void open(ExecutionContext ctx) {
    seen.clear();
    held.open(ctx);
    input.open(ctx);
  }

  @Override
  public Object[] next() {
    for (var row = input.next(); row != null; row = input.next()) {
      held.step();
      if (seen.add(new RowKey(row))) {
        held.hold(HeldMemory.rowBytes(row) + HeldMemory.HASH_ENTRY);
        return row;
      }
    }
    return null;
  }

  @Override
  public void close() {
    seen.clear();
    held.release();
    input.close();
  }
}
