package io.kitesql.exec;

import java.util.HashSet;

/**
 * Drops repeated rows. The set holds the rows themselves: text values are compared and hashed on
 * their (borrowed) bytes, never copied.
 */
final class DistinctOperator implements Operator {
  private final Operator input;
  private final HashSet<RowKey> seen = new HashSet<>();

  DistinctOperator(Operator input) {
    this.input = input;
  }

  @Override
  public void open(ExecutionContext ctx) {
    seen.clear();
    input.open(ctx);
  }

  @Override
  public Object[] next() {
    for (var row = input.next(); row != null; row = input.next()) {
      if (seen.add(new RowKey(row))) {
        return row;
      }
    }
    return null;
  }

  @Override
  public void close() {
    seen.clear();
    input.close();
  }
}
