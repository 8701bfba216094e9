package io.kitesql.storage;

import java.util.ArrayList;
import java.util.List;

/**
 * A write transaction's writes in order, kept so that they can be replayed on a fresh LMDB
 * transaction after the map was grown (or a group commit's batch rebuilt). Past {@code
 * limitBytes} it stops keeping them and is incomplete for good: the transaction can then no
 * longer be replayed, and a {@code MAP_FULL} fails it. The log keeps references to the
 * written arrays, not copies.
 */
final class WriteLog {
  private final List<WriteOp> ops = new ArrayList<>();
  private final long limitBytes;
  private long bytes;
  private boolean complete = true;

  WriteLog(long limitBytes) {
    this.limitBytes = limitBytes;
  }

  /** Remembers {@code op}, applied after every write before it. */
  void add(WriteOp op) {
    if (!complete) {
      return;
    }
    bytes += op.bytes();
    if (bytes > limitBytes) {
      ops.clear();
      complete = false;
    } else {
      ops.add(op);
    }
  }

  /** Whether it holds every write of the transaction. */
  boolean isComplete() {
    return complete;
  }

  int size() {
    return ops.size();
  }

  /** Forgets the writes from {@code mark} on (a block undone in place); nothing if incomplete. */
  void truncate(int mark) {
    if (complete) {
      ops.subList(mark, ops.size()).clear();
    }
  }

  /** The writes, oldest first (live: do not keep past the transaction). */
  List<WriteOp> ops() {
    return ops;
  }
}
