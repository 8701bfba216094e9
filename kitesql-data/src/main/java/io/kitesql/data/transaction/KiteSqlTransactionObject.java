package io.kitesql.data.transaction;

import org.jspecify.annotations.Nullable;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.NestedTransactionNotSupportedException;
import org.springframework.transaction.SavepointManager;
import org.springframework.transaction.support.SmartTransactionObject;

/**
 * {@link KiteSqlTransactionManager}'s transaction object: what one {@code getTransaction} call
 * found bound and what it began. A {@link SavepointManager} only so that PROPAGATION_NESTED (and
 * {@code TransactionStatus.createSavepoint()}) fail with a message that says why.
 */
final class KiteSqlTransactionObject implements SmartTransactionObject, SavepointManager {
  static final String NO_SAVEPOINTS =
      "KiteSQL has no savepoints, so PROPAGATION_NESTED and TransactionStatus.createSavepoint() are not "
          + "supported: LMDB's nested write transactions are not exposed by the engine. Use PROPAGATION_REQUIRED "
          + "(one atomic unit) or REQUIRES_NEW with readOnly = true (a fresh snapshot); each statement of a "
          + "read-write transaction is atomic on its own";

  /** What the manager works on now: found bound, adopted, or begun. */
  private @Nullable KiteSqlTransactionHolder holder;

  /** Whether this object began {@link #holder}'s transaction (so it ends it at cleanup). */
  private boolean newHolder;

  /**
   * What was bound (a request's snapshot, a completed transaction's holder) while this one runs;
   * bound again at cleanup.
   */
  private @Nullable KiteSqlTransactionHolder setAside;

  /** Whether a read-write transaction of this thread was suspended for the one to begin. */
  private boolean writeSuspended;

  KiteSqlTransactionObject(@Nullable KiteSqlTransactionHolder bound) {
    this.holder = bound;
  }

  @Nullable KiteSqlTransactionHolder holder() {
    return holder;
  }

  KiteSqlTransactionHolder requireHolder() {
    var current = holder;
    if (current == null) {
      throw new IllegalTransactionStateException(
          "no KiteSQL transaction in this transaction object");
    }
    return current;
  }

  boolean hasActiveTransaction() {
    return holder != null && holder.isJoinable();
  }

  /** The holder was unbound by a suspension; remembers whether it held this thread's writer. */
  void suspended(KiteSqlTransactionHolder suspended) {
    holder = null;
    writeSuspended |= !suspended.isReadOnly();
  }

  boolean isWriteSuspended() {
    return writeSuspended;
  }

  void begun(KiteSqlTransactionHolder begun, @Nullable KiteSqlTransactionHolder boundBefore) {
    holder = begun;
    newHolder = true;
    setAside = boundBefore;
  }

  void adopted(KiteSqlTransactionHolder requestHolder) {
    holder = requestHolder;
    newHolder = false;
  }

  boolean isNewHolder() {
    return newHolder;
  }

  @Nullable KiteSqlTransactionHolder setAside() {
    return setAside;
  }

  @Override
  public boolean isRollbackOnly() {
    return holder != null && holder.isRollbackOnly();
  }

  @Override
  public Object createSavepoint() {
    throw new NestedTransactionNotSupportedException(NO_SAVEPOINTS);
  }

  @Override
  public void rollbackToSavepoint(Object savepoint) {
    throw new NestedTransactionNotSupportedException(NO_SAVEPOINTS);
  }

  @Override
  public void releaseSavepoint(Object savepoint) {
    throw new NestedTransactionNotSupportedException(NO_SAVEPOINTS);
  }
}
