package io.kitesql.exec;

import java.util.Arrays;
import java.util.HashSet;

/**
 * Drops repeated rows. The set holds the rows themselves: text values are compared and hashed on
 * their (borrowed) bytes, never copied.
 */
final class DistinctOperator implements Operator {
  /** A row as a set member: equality and hash over all values, NULL equal to NULL. */
  private record Key(Object[] values) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && Arrays.equals(values, k.values);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(values);
    }
  }

  private final Operator input;
  private final HashSet<Key> seen = new HashSet<>();

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
      if (seen.add(new Key(row))) {
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
