package io.kitesql.boot.autoconfigure;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.config.DestructionAwareBeanPostProcessor;

/**
 * Closes the auto-configured {@link Database} when the context shuts down, as the destruction step
 * of that bean: Spring destroys every bean that depends on the database (repositories, services,
 * executors declared as beans) before it, so work they finish in their own destroy callbacks still
 * reaches an open database.
 *
 * <p>{@link Database#close()} refuses while transactions are open ({@code TRANSACTIONS_OPEN}, after
 * waiting the storage's drain-wait). Closing is then retried until {@code kitesql.close-timeout};
 * if transactions are still open, the database is left open (the operating system releases the
 * environment at exit; LMDB needs no recovery) and a WARN names the transactions still open. A
 * closing failure never propagates out of shutdown.
 *
 * <p>Also the guard against opening one directory twice in this JVM, which LMDB forbids (closing
 * one of the two environments would drop the other's locks): a context restarted by devtools finds
 * the directory free once its predecessor closed.
 */
public final class KiteSqlDatabaseCloser implements DestructionAwareBeanPostProcessor {
  private static final Log logger = LogFactory.getLog(KiteSqlDatabaseCloser.class);
  private static final Set<Path> OPEN_IN_THIS_JVM = ConcurrentHashMap.newKeySet();

  private final Map<Database, Managed> managed = new ConcurrentHashMap<>();

  private record Managed(
      Path directory, Duration closeTimeout, @Nullable KiteSqlTransactionStatistics transactions) {}

  /**
   * Claims {@code directory} for this JVM before it is opened.
   *
   * @throws DatabaseAlreadyOpenException if a database of this starter has it open already
   */
  static Path claim(Path directory) {
    var key =
        DatabaseLocation.isInMemory(directory) ? directory : directory.toAbsolutePath().normalize();
    if (!OPEN_IN_THIS_JVM.add(key)) {
      throw new DatabaseAlreadyOpenException(key);
    }
    return key;
  }

  static void release(Path claimed) {
    OPEN_IN_THIS_JVM.remove(claimed);
  }

  /**
   * Closes {@code database} (opened in the claimed {@code directory}) when its bean is destroyed.
   */
  void manage(
      Database database,
      Path claimed,
      Duration closeTimeout,
      @Nullable KiteSqlTransactionStatistics transactions) {
    managed.put(database, new Managed(claimed, closeTimeout, transactions));
  }

  @Override
  public boolean requiresDestruction(Object bean) {
    return bean instanceof Database database && managed.containsKey(database);
  }

  @Override
  public void postProcessBeforeDestruction(Object bean, String beanName) {
    if (bean instanceof Database database) {
      var how = managed.remove(database);
      if (how != null) {
        close(database, how);
      }
    }
  }

  private static void pause(long deadline) {
    long nanos = Math.min(TimeUnit.MILLISECONDS.toNanos(50), deadline - System.nanoTime());
    if (nanos > 0) {
      try {
        TimeUnit.NANOSECONDS.sleep(nanos);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static void close(Database database, Managed how) {
    long deadline = System.nanoTime() + how.closeTimeout().toNanos();
    while (true) {
      try {
        database.close();
        release(how.directory());
        return;
      } catch (KiteSqlException e) {
        if (e.errorCode() != ErrorCode.TRANSACTIONS_OPEN
            || System.nanoTime() - deadline >= 0
            || Thread.currentThread().isInterrupted()) {
          var open =
              how.transactions() == null
                  ? ""
                  : " Open transactions: " + how.transactions().openTransactions() + ".";
          logger.warn(
              "KiteSQL database "
                  + how.directory()
                  + " was not closed: "
                  + e.getMessage()
                  + "."
                  + open
                  + " It stays open until the process exits (LMDB needs no recovery afterwards).");
          return;
        }
        logger.info(
            "KiteSQL database " + how.directory() + " still has open transactions; retrying close");
        pause(
            deadline); // each close() already waited drain-wait; this only keeps a zero drain-wait
        // from spinning
      } catch (RuntimeException e) {
        logger.warn("KiteSQL database " + how.directory() + " failed to close", e);
        return;
      }
    }
  }
}
