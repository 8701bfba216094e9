package io.kitesql.boot.autoconfigure;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import org.springframework.transaction.TransactionExecution;
import org.springframework.transaction.TransactionExecutionListener;

/**
 * Follows the transactions of the auto-configured {@code KiteSqlTransactionManager} (added to it as
 * a {@link TransactionExecutionListener}): counts commits and rollbacks, remembers the last commit,
 * and knows which transactions are open, by name and thread, so that shutdown can say which one
 * kept the database from closing. One map put and remove per transaction.
 *
 * <p>Only transactions begun through the transaction manager are seen; a repository call made with
 * no transaction opens its own engine transaction, which this does not see.
 */
public final class KiteSqlTransactionStatistics implements TransactionExecutionListener {
  private final AtomicLong commits = new AtomicLong();
  private final AtomicLong rollbacks = new AtomicLong();
  private final AtomicLong lastCommitMillis = new AtomicLong();
  private final Map<TransactionExecution, OpenTransaction> open = new ConcurrentHashMap<>();

  /** A transaction that is open now. */
  public record OpenTransaction(String name, boolean readOnly, String thread, long beganNanos) {
    /** How long it has been open. */
    public Duration age() {
      return Duration.ofNanos(System.nanoTime() - beganNanos);
    }

    @Override
    public String toString() {
      return "'"
          + name
          + "' ("
          + (readOnly ? "read-only" : "read-write")
          + ", thread "
          + thread
          + ", open for "
          + age().toMillis()
          + " ms)";
    }
  }

  @Override
  public void afterBegin(TransactionExecution transaction, @Nullable Throwable beginFailure) {
    if (beginFailure == null) {
      var name = transaction.getTransactionName();
      open.put(
          transaction,
          new OpenTransaction(
              name.isEmpty() ? "(unnamed)" : name,
              transaction.isReadOnly(),
              Thread.currentThread().getName(),
              System.nanoTime()));
    }
  }

  @Override
  public void afterCommit(TransactionExecution transaction, @Nullable Throwable commitFailure) {
    open.remove(transaction);
    if (commitFailure == null) {
      commits.incrementAndGet();
      lastCommitMillis.set(System.currentTimeMillis());
    }
  }

  @Override
  public void afterRollback(TransactionExecution transaction, @Nullable Throwable rollbackFailure) {
    open.remove(transaction);
    rollbacks.incrementAndGet();
  }

  /** Transactions committed (read-only ones included: ending a snapshot is a commit to Spring). */
  public long commits() {
    return commits.get();
  }

  /** Transactions rolled back. */
  public long rollbacks() {
    return rollbacks.get();
  }

  /** When the last commit happened (epoch milliseconds), 0 before the first. */
  public long lastCommitEpochMillis() {
    return lastCommitMillis.get();
  }

  /** The transactions open now. */
  public List<OpenTransaction> openTransactions() {
    return List.copyOf(open.values());
  }
}
