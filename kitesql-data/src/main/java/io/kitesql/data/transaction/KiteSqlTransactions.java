package io.kitesql.data.transaction;

import io.kitesql.api.Database;
import io.kitesql.api.Transaction;
import java.util.Optional;
import org.springframework.transaction.TransactionTimedOutException;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Finds the KiteSQL transaction that the current thread's Spring transaction runs in, as
 * {@code DataSourceUtils} does for JDBC connections. The template and the repositories use it to
 * take part in {@code @Transactional} scopes; with no transaction bound they run a short one of
 * their own.
 */
public final class KiteSqlTransactions {
  private KiteSqlTransactions() {}

  /** The open transaction bound to this thread for {@code database}, if any. */
  public static Optional<Transaction> current(Database database) {
    if (TransactionSynchronizationManager.getResource(database) instanceof KiteSqlTransactionHolder holder
        && holder.transaction().isOpen()) {
      return Optional.of(holder.transaction());
    }
    return Optional.empty();
  }

  /**
   * Fails if the transaction bound for {@code database} has passed the deadline its timeout set;
   * call it before each statement, as {@code DataSourceUtils.applyTimeout} is called for JDBC. Does
   * nothing when no transaction is bound or it has no timeout.
   *
   * @throws TransactionTimedOutException if the deadline has passed
   */
  public static void checkTimeout(Database database) {
    if (TransactionSynchronizationManager.getResource(database) instanceof KiteSqlTransactionHolder holder
        && holder.hasTimeout()) {
      holder.getTimeToLiveInMillis();
    }
  }
}
