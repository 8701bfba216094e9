package io.kitesql.data.transaction;

import io.kitesql.api.ReadOnlyTransaction;
import io.kitesql.api.Transaction;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.transaction.support.ResourceHolderSupport;

/**
 * What {@link KiteSqlTransactionManager} binds to the current thread for a {@link
 * io.kitesql.api.Database} (the resource key): the KiteSQL transaction a Spring transaction runs
 * in. Code that takes part in Spring transactions finds it through {@link KiteSqlTransactions}.
 *
 * <p>{@link OpenReadTransactionInViewInterceptor} binds a holder too, for a whole web request. That
 * one is {@linkplain #isRequestScoped() request-scoped}: a read-only snapshot that no Spring
 * transaction runs in until a read-only {@code @Transactional} method adopts it (then {@link
 * #isTransactionActive()} is true for the duration of that method). After a write of the request
 * commits, the request's next read begins a fresh snapshot that sees it; earlier snapshots stay
 * open (values read from them stay valid) until the request ends.
 */
public final class KiteSqlTransactionHolder extends ResourceHolderSupport {
  private Transaction transaction;

  /**
   * Begins a fresh snapshot for a request-scoped holder; null for the holders the manager binds.
   */
  private final @Nullable Supplier<ReadOnlyTransaction> renewal;

  /** Snapshots of the request replaced by fresher ones; closed with the request. */
  private final List<Transaction> replaced = new ArrayList<>(0);

  private boolean stale;
  private boolean transactionActive;
  private boolean completed;

  /** A holder for a transaction a Spring transaction runs in (what the manager binds). */
  public KiteSqlTransactionHolder(Transaction transaction) {
    this(transaction, null);
  }

  private KiteSqlTransactionHolder(
      Transaction transaction, @Nullable Supplier<ReadOnlyTransaction> renewal) {
    this.transaction = transaction;
    this.renewal = renewal;
    this.transactionActive = renewal == null;
  }

  /**
   * The holder {@link OpenReadTransactionInViewInterceptor} binds for a request; {@code begin}
   * opens its first snapshot and, after a write of the request committed, the next one.
   */
  static KiteSqlTransactionHolder forRequest(Supplier<ReadOnlyTransaction> begin) {
    return new KiteSqlTransactionHolder(begin.get(), begin);
  }

  /**
   * The KiteSQL transaction: a {@link ReadOnlyTransaction} or the read-write one. For a
   * request-scoped holder whose request committed a write since its snapshot began, and that no
   * method runs in now, a fresh snapshot that sees the write (begun here, on first use).
   */
  public Transaction transaction() {
    if (stale && !transactionActive && renewal != null && transaction.isOpen()) {
      var fresh = renewal.get();
      replaced.add(transaction);
      transaction = fresh;
      stale = false;
    }
    return transaction;
  }

  /**
   * Notes that a write of this request committed (or may have): reads from now on see it, in a
   * snapshot begun when they run. Does nothing for the holders the manager binds.
   */
  public void markWritten() {
    stale = renewal != null;
  }

  /** Ends every snapshot of a request-scoped holder (the request is over); idempotent. */
  void closeAll() {
    replaced.forEach(Transaction::close);
    replaced.clear();
    transaction.close();
  }

  /**
   * Whether values read in this transaction are views of the LMDB map (a read-only transaction).
   */
  public boolean isReadOnly() {
    return transaction instanceof ReadOnlyTransaction;
  }

  /**
   * Whether this holder was bound for a web request by {@link
   * OpenReadTransactionInViewInterceptor}.
   */
  public boolean isRequestScoped() {
    return renewal != null;
  }

  /**
   * Whether a Spring transaction runs in this holder's transaction now, so that methods with
   * propagation REQUIRED, SUPPORTS or MANDATORY join it. Always true for holders the manager binds;
   * for a request-scoped holder only while a read-only method has adopted it.
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
    return transactionActive && !completed && transaction().isOpen();
  }

  /** Also forgets the completion, so a request-scoped holder can be adopted again. */
  @Override
  public void clear() {
    super.clear();
    completed = false;
  }
}
