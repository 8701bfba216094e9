package io.kitesql.data.transaction;

import io.kitesql.api.ReadOnlyTransaction;
import io.kitesql.api.Transaction;
import org.springframework.transaction.support.ResourceHolderSupport;

/**
 * What {@link KiteSqlTransactionManager} binds to the current thread for a {@link
 * io.kitesql.api.Database} (the resource key): the KiteSQL transaction a Spring transaction runs
 * in. Code that takes part in Spring transactions finds it through {@link KiteSqlTransactions}.
 *
 * <p>{@link OpenReadTransactionInViewInterceptor} binds a holder too, for a whole web request. That
 * one is {@linkplain #isRequestScoped() request-scoped}: a read-only snapshot that no Spring
 * transaction runs in until a read-only {@code @Transactional} method adopts it (then {@link
 * #isTransactionActive()} is true for the duration of that method).
 */
public final class KiteSqlTransactionHolder extends ResourceHolderSupport {
  private final Transaction transaction;
  private final boolean requestScoped;
  private boolean transactionActive;
  private boolean completed;

  /** A holder for a transaction a Spring transaction runs in (what the manager binds). */
  public KiteSqlTransactionHolder(Transaction transaction) {
    this(transaction, false);
  }

  private KiteSqlTransactionHolder(Transaction transaction, boolean requestScoped) {
    this.transaction = transaction;
    this.requestScoped = requestScoped;
    this.transactionActive = !requestScoped;
  }

  /** The holder {@link OpenReadTransactionInViewInterceptor} binds for a request. */
  static KiteSqlTransactionHolder forRequest(ReadOnlyTransaction transaction) {
    return new KiteSqlTransactionHolder(transaction, true);
  }

  /** The KiteSQL transaction: a {@link ReadOnlyTransaction} or the read-write one. */
  public Transaction transaction() {
    return transaction;
  }

  /** Whether values read in this transaction are views of the LMDB map (a read-only transaction). */
  public boolean isReadOnly() {
    return transaction instanceof ReadOnlyTransaction;
  }

  /** Whether this holder was bound for a web request by {@link OpenReadTransactionInViewInterceptor}. */
  public boolean isRequestScoped() {
    return requestScoped;
  }

  /**
   * Whether a Spring transaction runs in this holder's transaction now, so that methods with
   * propagation REQUIRED, SUPPORTS or MANDATORY join it. Always true for holders the manager
   * binds; for a request-scoped holder only while a read-only method has adopted it.
   */
  public boolean isTransactionActive() {
    return transactionActive;
  }

  void setTransactionActive(boolean transactionActive) {
    this.transactionActive = transactionActive;
  }

  /**
   * Whether the Spring transaction running in this holder has committed or rolled back. The holder
   * stays bound while Spring runs {@code afterCommit} and {@code afterCompletion} callbacks; work
   * they do must not join the ended transaction, so it runs in one of its own.
   */
  public boolean isCompleted() {
    return completed;
  }

  void markCompleted() {
    completed = true;
  }

  /**
   * Whether work on this thread joins this holder's transaction now: a Spring transaction (or the
   * template's own write) runs in it, has not completed, and the KiteSQL transaction is open.
   */
  public boolean isJoinable() {
    return transactionActive && !completed && transaction.isOpen();
  }

  /** Also forgets the completion, so a request-scoped holder can be adopted again. */
  @Override
  public void clear() {
    super.clear();
    completed = false;
  }
}
