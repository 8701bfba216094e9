package io.kitesql.data.transaction;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.ReadWriteTransaction;
import io.kitesql.api.Transaction;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.IllegalTransactionStateException;
import org.springframework.transaction.InvalidIsolationLevelException;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.ResourceTransactionManager;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * Spring transactions over one KiteSQL {@link Database}: {@code readOnly = true} begins a read-only
 * transaction (a snapshot whose text and binary values borrow the LMDB map until it ends), anything
 * else the database's one read-write transaction. Binds a {@link KiteSqlTransactionHolder} under
 * the {@code Database} for the duration, which {@link KiteSqlTransactions#current} finds. Register
 * it under {@link #BEAN_NAME}, the name {@link ReadOnlyTxn} refers to, so it coexists with a JDBC
 * or JPA transaction manager.
 *
 * <h2>Propagation</h2>
 *
 * <ul>
 *   <li>REQUIRED, SUPPORTS, MANDATORY, NEVER, NOT_SUPPORTED: as Spring defines them. A read-only
 *       method joining a read-write transaction reads its uncommitted writes (as owned copies). A
 *       read-write method joining a read-only transaction fails at once with {@link
 *       IllegalTransactionStateException}: {@code validateExistingTransaction} is on by default.
 *   <li>REQUIRES_NEW, read-only: a fresh snapshot of the last commit; inside a read-write
 *       transaction it does not see that transaction's uncommitted writes.
 *   <li>REQUIRES_NEW, read-write, while this thread's read-write transaction is suspended: there is
 *       one writer, and the new transaction would wait for the suspended one, which waits for it.
 *       Fails at once with {@link IllegalTransactionStateException} instead. The same holds for a
 *       read-write transaction begun under NOT_SUPPORTED inside a read-write one (the engine
 *       reports {@code NESTED_WRITE_TRANSACTION}). Outside a read-write transaction it works.
 *   <li>NESTED: there are no savepoints (the engine does not expose LMDB's nested write
 *       transactions), so inside a transaction it fails with {@link
 *       org.springframework.transaction.NestedTransactionNotSupportedException}; with no
 *       transaction it begins one, like REQUIRED (Spring's definition).
 * </ul>
 *
 * <h2>Isolation, timeouts, failures</h2>
 *
 * <p>Every KiteSQL transaction is SERIALIZABLE: there is one writer at a time, and readers see the
 * snapshot of the last commit before they began (LMDB's MVCC). DEFAULT and SERIALIZABLE are
 * accepted (a DEFAULT transaction reports SERIALIZABLE to participants); a weaker level is refused
 * with {@link InvalidIsolationLevelException} when a transaction begins, since none is offered. A
 * timeout (the definition's or {@link #setDefaultTimeout}) sets a deadline on the holder and on the
 * KiteSQL transaction ({@code Transaction.setTimeout}): statements run through {@link
 * KiteSqlTransactions#checkTimeout} fail after it with {@link
 * org.springframework.transaction.TransactionTimedOutException}, a statement still running when it
 * passes stops with the engine's {@code STATEMENT_TIMEOUT} (a {@link
 * org.springframework.dao.QueryTimeoutException} through the template and repositories), and a
 * read-write transaction past its deadline is rolled back instead of committed. Waiting for the
 * write lock is bounded by the storage's {@code writerWait}, not by the timeout.
 *
 * <p>Engine errors while beginning ({@code READERS_EXHAUSTED}, {@code WRITE_LOCK_TIMEOUT}, a closed
 * database) become {@link CannotCreateTransactionException}; errors while committing or rolling
 * back become {@link TransactionSystemException}; each keeps the engine's exception as its cause.
 *
 * <h2>Threads</h2>
 *
 * <p>The engine hands a read-write transaction's storage calls to its writer thread, so methods may
 * run on any thread, virtual threads included. A read-only transaction's values may be read by
 * other threads (a parallel stream, a JSON writer) while it lives. Statements are checked by the
 * engine, not here: a read-only transaction has no {@code execute}, so a write attempted in a
 * read-only scope fails at that statement.
 */
public class KiteSqlTransactionManager extends AbstractPlatformTransactionManager
    implements ResourceTransactionManager {
  /** The bean name the starter registers and {@link ReadOnlyTxn} names. */
  public static final String BEAN_NAME = "kiteSqlTransactionManager";

  private final transient Database database;

  /**
   * A manager for {@code database}; validates joined transactions and answers NESTED with a reason.
   */
  @SuppressWarnings("this-escape") // the superclass's setters are final and only assign its fields
  public KiteSqlTransactionManager(Database database) {
    this.database = Objects.requireNonNull(database, "database");
    setValidateExistingTransaction(true);
    // Allowed so that NESTED reaches KiteSqlTransactionObject.createSavepoint, whose message says
    // why it fails; Spring's own refusal would tell users to set this very flag.
    setNestedTransactionAllowed(true);
  }

  /** The database whose transactions this manager runs. */
  public Database getDatabase() {
    return database;
  }

  /** The {@link Database}: the key the {@link KiteSqlTransactionHolder} is bound under. */
  @Override
  public Object getResourceFactory() {
    return database;
  }

  @Override
  protected Object doGetTransaction() {
    var bound = TransactionSynchronizationManager.getResource(database);
    return new KiteSqlTransactionObject(
        bound instanceof KiteSqlTransactionHolder holder ? holder : null);
  }

  /**
   * A request-scoped holder no method has adopted is a snapshot, not a transaction (see doBegin); a
   * holder whose transaction completed, still bound while its afterCommit and afterCompletion
   * callbacks run, is an ended transaction: work there begins its own.
   */
  @Override
  protected boolean isExistingTransaction(Object transaction) {
    return txObject(transaction).hasActiveTransaction();
  }

  @Override
  protected boolean useSavepointForNestedTransaction() {
    return true;
  }

  @Override
  protected void doBegin(Object transaction, TransactionDefinition definition) {
    checkIsolation(definition);
    var tx = txObject(transaction);
    var bound = tx.holder(); // a request's snapshot, or a completed transaction's holder
    int timeout = determineTimeout(definition);
    if (bound != null && adoptsRequestHolder(bound, definition)) {
      // What OpenEntityManagerInView users expect: read-only methods of the request read the
      // request's snapshot, so values they return stay valid while the view is written.
      bound.setTransactionActive(true);
      applyTimeout(bound, timeout);
      tx.adopted(bound);
      return;
    }
    if (!definition.isReadOnly() && tx.isWriteSuspended()) {
      throw new IllegalTransactionStateException(
          "cannot begin a new KiteSQL read-write transaction ("
              + definition
              + ") while this thread's read-write "
              + "transaction is suspended: the database has one writer, so the new transaction would wait for the "
              + "suspended one, which waits for it. Join the outer transaction (PROPAGATION_REQUIRED), or run the "
              + "work after it commits (e.g. TransactionSynchronization.afterCommit)");
    }
    var holder = new KiteSqlTransactionHolder(begin(definition));
    holder.setSynchronizedWithTransaction(true);
    applyTimeout(holder, timeout);
    if (bound != null) {
      // A write, or REQUIRES_NEW, inside a request with an open read transaction in view, or any
      // transaction begun in the completion callbacks of another: what is bound steps aside for
      // this transaction and comes back after it.
      TransactionSynchronizationManager.unbindResource(database);
    }
    TransactionSynchronizationManager.bindResource(database, holder);
    tx.begun(holder, bound);
  }

  private static boolean adoptsRequestHolder(
      KiteSqlTransactionHolder holder, TransactionDefinition definition) {
    return holder.isRequestScoped()
        && holder.transaction().isOpen()
        && !holder.isCompleted()
        && definition.isReadOnly()
        && definition.getPropagationBehavior() != TransactionDefinition.PROPAGATION_REQUIRES_NEW;
  }

  private static void applyTimeout(KiteSqlTransactionHolder holder, int timeout) {
    if (timeout != TransactionDefinition.TIMEOUT_DEFAULT) {
      holder.setTimeoutInSeconds(timeout);
      // the same deadline stops a statement that is running when it passes
      holder
          .transaction()
          .setTimeout(timeout > 0 ? Duration.ofSeconds(timeout) : Duration.ofNanos(1));
    }
  }

  private Transaction begin(TransactionDefinition definition) {
    String kind = definition.isReadOnly() ? "read-only" : "read-write";
    try {
      return definition.isReadOnly() ? database.beginRead() : database.beginWrite();
    } catch (KiteSqlException e) {
      if (e.errorCode() == ErrorCode.NESTED_WRITE_TRANSACTION) {
        throw new IllegalTransactionStateException(
            "cannot begin a KiteSQL read-write transaction ("
                + definition
                + "): this thread already holds the "
                + "database's one write transaction (suspended, e.g. by NOT_SUPPORTED, or begun outside Spring); "
                + "waiting for it would never end",
            e);
      }
      throw new CannotCreateTransactionException(
          "could not begin a KiteSQL " + kind + " transaction: " + e.getMessage(), e);
    } catch (IllegalStateException e) {
      throw new CannotCreateTransactionException(
          "could not begin a KiteSQL " + kind + " transaction: " + e.getMessage(), e);
    }
  }

  /** Weaker levels than SERIALIZABLE would be a promise of behaviour the engine does not have. */
  private static void checkIsolation(TransactionDefinition definition) {
    int level = definition.getIsolationLevel();
    if (level != TransactionDefinition.ISOLATION_DEFAULT
        && level != TransactionDefinition.ISOLATION_SERIALIZABLE) {
      throw new InvalidIsolationLevelException(
          "KiteSQL does not offer isolation level "
              + isolationName(level)
              + ": every transaction is SERIALIZABLE "
              + "(one writer, readers on the snapshot of the last commit); declare ISOLATION_DEFAULT or "
              + "ISOLATION_SERIALIZABLE");
    }
  }

  private static String isolationName(int level) {
    return switch (level) {
      case TransactionDefinition.ISOLATION_READ_UNCOMMITTED -> "ISOLATION_READ_UNCOMMITTED";
      case TransactionDefinition.ISOLATION_READ_COMMITTED -> "ISOLATION_READ_COMMITTED";
      case TransactionDefinition.ISOLATION_REPEATABLE_READ -> "ISOLATION_REPEATABLE_READ";
      default -> "ISOLATION " + level;
    };
  }

  /** A DEFAULT KiteSQL transaction is SERIALIZABLE, so inner SERIALIZABLE methods may join it. */
  @Override
  protected void prepareSynchronization(
      DefaultTransactionStatus status, TransactionDefinition definition) {
    super.prepareSynchronization(status, definition);
    if (status.isNewSynchronization()
        && status.hasTransaction()
        && definition.getIsolationLevel() == TransactionDefinition.ISOLATION_DEFAULT) {
      TransactionSynchronizationManager.setCurrentTransactionIsolationLevel(
          TransactionDefinition.ISOLATION_SERIALIZABLE);
    }
  }

  @Override
  protected Object doSuspend(Object transaction) {
    var holder =
        (KiteSqlTransactionHolder) TransactionSynchronizationManager.unbindResource(database);
    txObject(transaction).suspended(holder);
    return holder;
  }

  @Override
  protected void doResume(@Nullable Object transaction, Object suspendedResources) {
    TransactionSynchronizationManager.bindResource(database, suspendedResources);
  }

  @Override
  protected void doCommit(DefaultTransactionStatus status) {
    var holder = txObject(status.getTransaction()).requireHolder();
    holder.markCompleted();
    // A read-only transaction has nothing to make durable; cleanup ends the snapshot.
    if (holder.transaction() instanceof ReadWriteTransaction write) {
      if (holder.hasTimeout()) {
        holder.getTimeToLiveInMillis(); // throws TransactionTimedOutException past the deadline:
        // cleanup rolls back
      }
      try {
        write.commit();
      } catch (KiteSqlException | IllegalStateException e) {
        throw new TransactionSystemException(
            "could not commit the KiteSQL transaction: " + e.getMessage(), e);
      }
    }
  }

  @Override
  protected void doRollback(DefaultTransactionStatus status) {
    var holder = txObject(status.getTransaction()).requireHolder();
    holder.markCompleted();
    if (holder.transaction() instanceof ReadWriteTransaction write) {
      try {
        write.rollback();
      } catch (KiteSqlException | IllegalStateException e) {
        throw new TransactionSystemException(
            "could not roll back the KiteSQL transaction: " + e.getMessage(), e);
      }
    }
  }

  @Override
  protected void doSetRollbackOnly(DefaultTransactionStatus status) {
    txObject(status.getTransaction()).requireHolder().setRollbackOnly();
  }

  @Override
  protected void doCleanupAfterCompletion(Object transaction) {
    var tx = txObject(transaction);
    var holder = tx.requireHolder();
    holder.clear();
    if (!tx.isNewHolder()) {
      // The request's snapshot, adopted for one method: it stays open and bound for the request.
      holder.setTransactionActive(false);
      holder.transaction().clearTimeout(); // the method's timeout ends with it
      return;
    }
    TransactionSynchronizationManager.unbindResourceIfPossible(database);
    try {
      holder
          .transaction()
          .close(); // ends the snapshot; rolls back a read-write transaction not committed
    } catch (RuntimeException e) {
      // The outcome is decided already; a failure to release must not replace it.
      logger.warn("could not close the KiteSQL transaction after completion", e);
    }
    var setAside = tx.setAside();
    if (setAside != null) {
      if (!holder.isReadOnly()) {
        setAside.markWritten(); // a request reads its own writes from here on
      }
      TransactionSynchronizationManager.bindResource(database, setAside);
    }
  }

  private static KiteSqlTransactionObject txObject(@Nullable Object transaction) {
    return (KiteSqlTransactionObject) Objects.requireNonNull(transaction, "transaction");
  }
}
