package io.kitesql.data.transaction;

import io.kitesql.api.Database;
import io.kitesql.api.ReadWriteTransaction;
import io.kitesql.api.Transaction;
import java.util.Optional;
import java.util.function.Supplier;
import org.springframework.transaction.TransactionTimedOutException;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Finds the KiteSQL transaction that the current thread's Spring transaction runs in, as {@code
 * DataSourceUtils} does for JDBC connections. The template and the repositories use it to take part
 * in {@code @Transactional} scopes; with no transaction bound they run a short one of their own.
 */
public final class KiteSqlTransactions {
  private KiteSqlTransactions() {}

  /**
   * The open transaction bound to this thread for {@code database} that reads run in: the current
   * Spring transaction's, or the request's snapshot of {@link
   * OpenReadTransactionInViewInterceptor}. Empty when none is bound, and in the {@code
   * afterCommit}/{@code afterCompletion} callbacks of a transaction that has completed.
   */
  public static Optional<Transaction> current(Database database) {
    if (TransactionSynchronizationManager.getResource(database)
            instanceof KiteSqlTransactionHolder holder
        && holder.transaction().isOpen()
        && !holder.isCompleted()) {
      return Optional.of(holder.transaction());
    }
    return Optional.empty();
  }

  /**
   * The transaction a write on this thread joins: the one a Spring transaction runs in now. Empty
   * when only a request's snapshot is bound (no method adopted it), in the completion callbacks of
   * an ended transaction, and when nothing is bound: then the write runs in a read-write
   * transaction of its own. A read-only transaction returned here makes the write fail.
   */
  public static Optional<Transaction> currentForWrite(Database database) {
    if (TransactionSynchronizationManager.getResource(database)
            instanceof KiteSqlTransactionHolder holder
        && holder.isJoinable()) {
      return Optional.of(holder.transaction());
    }
    return Optional.empty();
  }

  /**
   * Runs {@code work} with {@code transaction} bound to this thread, so that statements inside join
   * it. What was bound before (a request's snapshot, or the holder of a transaction whose
   * completion callbacks are running) steps aside for the duration and is bound again after; a
   * request's snapshot is then renewed at its next read, so the request sees what it wrote.
   */
  public static <T> T runBound(
      Database database, ReadWriteTransaction transaction, Supplier<T> work) {
    var setAside = TransactionSynchronizationManager.unbindResourceIfPossible(database);
    TransactionSynchronizationManager.bindResource(
        database, new KiteSqlTransactionHolder(transaction));
    try {
      return work.get();
    } finally {
      TransactionSynchronizationManager.unbindResource(database);
      if (setAside != null) {
        if (setAside instanceof KiteSqlTransactionHolder holder) {
          holder.markWritten(); // read after the commit that follows, by a request's next read
        }
        TransactionSynchronizationManager.bindResource(database, setAside);
      }
    }
  }

  /**
   * Fails if the transaction bound for {@code database} has passed the deadline its timeout set;
   * call it before each statement, as {@code DataSourceUtils.applyTimeout} is called for JDBC. Does
   * nothing when no transaction is bound, it has no timeout, or it has completed.
   *
   * @throws TransactionTimedOutException if the deadline has passed
   */
  public static void checkTimeout(Database database) {
    if (TransactionSynchronizationManager.getResource(database)
            instanceof KiteSqlTransactionHolder holder
        && holder.hasTimeout()
        && !holder.isCompleted()) {
      holder.getTimeToLiveInMillis();
    }
  }
}
