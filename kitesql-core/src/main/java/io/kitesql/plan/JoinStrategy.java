package io.kitesql.plan;

import io.kitesql.catalog.IndexDef;
import io.kitesql.expr.Expr;
import java.util.List;
import java.util.Optional;

/** How a {@link Join} finds matching pairs; chosen by the optimizer. */
public sealed interface JoinStrategy {

  /** Every pair is tested: the right side is read once per execution and kept. */
  record NestedLoop() implements JoinStrategy {}

  /**
   * Equality keys: the right side goes into a hash table on {@code rightKeys}, left rows probe it
   * with {@code leftKeys}. Keys compare like {@code =}: a NULL key matches nothing.
   */
  record Hash(List<Expr> leftKeys, List<Expr> rightKeys) implements JoinStrategy {
    public Hash {
      leftKeys = List.copyOf(leftKeys);
      rightKeys = List.copyOf(rightKeys);
    }
  }

  /**
   * For each left row, look the matches up in the right table through its primary key (empty {@code
   * index}) or a secondary index, whose leading columns equal {@code leftKeys}.
   */
  record IndexLookup(Optional<IndexDef> index, List<Expr> leftKeys) implements JoinStrategy {
    public IndexLookup {
      leftKeys = List.copyOf(leftKeys);
    }
  }
}
