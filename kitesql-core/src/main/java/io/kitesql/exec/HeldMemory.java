package io.kitesql.exec;

import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import java.math.BigDecimal;
import java.time.LocalDateTime;

/**
 * The heap one operator holds for its execution, as an estimate charged to the execution's {@link
 * ExecutionBudget}: made with the operator (reused by its later executions), bound in {@code open},
 * let go of in {@code close}.
 *
 * <p>A row costs its array and its value objects, estimated from their kind without walking them: a
 * borrowed text or binary value is a small object pointing into the LMDB map (its bytes are not on
 * the heap), an owned one carries its bytes. Values shared by several rows (a join's right side in
 * every combined row) are counted once per row: the estimate errs on the high side.
 */
final class HeldMemory {
  /** An array's header plus a reference to it from the holding list or map. */
  private static final long ROW_OVERHEAD = 24;

  /** A hash table entry: the node, its table slot and the {@link RowKey} around the values. */
  static final long HASH_ENTRY = 64;

  private final String operator;

  /** The budget of the execution in progress (or the last one); null before the first open. */
  private ExecutionBudget budget;

  private long held;

  /** {@code operator} names the operator in the error: "sort", "hash join", ... */
  HeldMemory(String operator) {
    this.operator = operator;
  }

  /** Starts an execution in {@code ctx}, letting go of what an earlier one held. */
  void open(ExecutionContext ctx) {
    release();
    budget = ctx.budget();
  }

  /** One step of work that holds nothing new (see {@link ExecutionBudget#step}). */
  void step() {
    budget.step();
  }

  /** Holds {@code row} (and steps). */
  void holdRow(Object[] row) {
    hold(rowBytes(row));
  }

  /** Holds {@code bytes} more (and steps). */
  void hold(long bytes) {
    budget.step();
    budget.hold(bytes, operator);
    held += bytes;
  }

  /** Lets go of {@code bytes} of what is held (rows the operator dropped). */
  void release(long bytes) {
    long released = Math.min(bytes, held);
    held -= released;
    budget.release(released);
  }

  /** Lets go of everything held. */
  void release() {
    if (budget != null) {
      budget.release(held);
    }
    held = 0;
  }

  /** The estimated heap bytes of {@code row}, its values included. */
  static long rowBytes(Object[] row) {
    long bytes = ROW_OVERHEAD + 4L * row.length;
    for (var value : row) {
      bytes += valueBytes(value);
    }
    return bytes;
  }

  /** The estimated heap bytes of one value object. */
  static long valueBytes(Object value) {
    if (value == null) {
      return 0;
    }
    if (value instanceof Text t) {
      return t.isBorrowed() ? 32 : 48 + t.utf8Length();
    }
    if (value instanceof Binary b) {
      return b.isBorrowed() ? 32 : 48 + b.length();
    }
    if (value instanceof Long
        || value instanceof Integer
        || value instanceof Double
        || value instanceof Boolean) {
      return 16;
    }
    if (value instanceof BigDecimal) {
      return 64;
    }
    if (value instanceof LocalDateTime) {
      return 72;
    }
    if (value instanceof String s) {
      return 48 + s.length();
    }
    if (value instanceof Object[] row) {
      return rowBytes(row);
    }
    return 32;
  }
}
