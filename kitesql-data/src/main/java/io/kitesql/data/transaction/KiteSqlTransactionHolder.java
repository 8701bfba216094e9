package io.kitesql.data.transaction;

import io.kitesql.api.ReadOnlyTransaction;
import io.kitesql.api.Transaction;
import org.springframework.transaction.support.ResourceHolderSupport;

/**
 * What {@link KiteSqlTransactionManager} binds to the current thread for a {@link
 * io.kitesql.api.Database} (the resource key): the KiteSQL transaction a Spring transaction runs
 * in. Code that takes part in Spring transactions finds it through {@link KiteSqlTransactions}.
 */
public final class KiteSqlTransactionHolder extends ResourceHolderSupport {
  private final Transaction transaction;

  public KiteSqlTransactionHolder(Transaction transaction) {
    this.transaction = transaction;
  }

  /** The KiteSQL transaction: a {@link ReadOnlyTransaction} or the read-write one. */
  public Transaction transaction() {
    return transaction;
  }

  /** Whether values read in this transaction are views of the LMDB map (a read-only transaction). */
  public boolean isReadOnly() {
    return transaction instanceof ReadOnlyTransaction;
  }
}
