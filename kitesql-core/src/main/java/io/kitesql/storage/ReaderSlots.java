package io.kitesql.storage;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.storage.lmdb.LmdbEnv;
import io.kitesql.storage.lmdb.LmdbException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * LMDB's reader slots are shared by every process that has the database open ({@code maxReaders} in
 * all, fixed by the lock file), so one process must not sit on them (a second process got 14–16 of
 * 126 readers, and the slots of a {@code kill -9}ed process were never reclaimed while another
 * process kept the database open).
 *
 * <ul>
 *   <li>Stale slots (their process is dead) are reclaimed with {@code mdb_reader_check} on open and
 *       whenever LMDB reports every slot taken, before the read (or backup) is retried.
 *   <li>A read context that stays idle for one to two {@link #IDLE_SWEEP} periods gives its slot
 *       back ({@link ReadContextPool#releaseIdle}); a busy process keeps reusing its contexts.
 * </ul>
 */
final class ReaderSlots {
  /** How often idle read contexts are looked at; one idle for a whole period is closed. */
  static final Duration IDLE_SWEEP = Duration.ofSeconds(1);

  private static final System.Logger LOG = System.getLogger(ReaderSlots.class.getName());

  /** One daemon thread for every database of the process; it only closes idle read contexts. */
  private static final ScheduledExecutorService SWEEPER =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            var thread = new Thread(r, "kitesql-idle-readers");
            thread.setDaemon(true);
            return thread;
          });

  private ReaderSlots() {}

  /** Releases reader slots of dead processes ({@code mdb_reader_check}); returns how many. */
  static int reclaimStale(LmdbEnv env, Path directory) {
    try {
      int cleared = env.readerCheck();
      if (cleared > 0) {
        LOG.log(
            System.Logger.Level.INFO,
            "reclaimed " + cleared + " reader slot(s) of ended processes in " + directory);
      }
      return cleared;
    } catch (LmdbException e) {
      LOG.log(
          System.Logger.Level.WARNING, "checking the reader slots of " + directory + " failed", e);
      return 0;
    }
  }

  /**
   * Closes idle contexts of {@code pool} every {@link #IDLE_SWEEP} until the returned future is
   * cancelled.
   */
  static ScheduledFuture<?> sweepIdle(ReadContextPool pool) {
    long period = IDLE_SWEEP.toMillis();
    return SWEEPER.scheduleWithFixedDelay(pool::releaseIdle, period, period, TimeUnit.MILLISECONDS);
  }

  /**
   * Begins {@code ctx}'s transaction. When every LMDB reader slot is taken (this process's pool is
   * smaller than {@code maxReaders}, so by other processes, or dead ones), reclaims stale slots and
   * retries, parking between attempts, until {@code wait} ran out.
   */
  static void begin(ReadContext ctx, LmdbEnv env, Path directory, Duration wait, int ownInUse) {
    withFreeSlot(ctx::begin, env, directory, wait, ownInUse);
  }

  /**
   * Runs {@code takesSlot}, which begins a read transaction of its own (a read, a backup's copy)
   * and throws {@link LmdbException.ReadersFull} when no slot is free: reclaims stale slots and
   * retries as {@link #begin} does, until {@code wait} ran out.
   *
   * @throws KiteSqlException READERS_EXHAUSTED once the wait ran out
   */
  static void withFreeSlot(
      Runnable takesSlot, LmdbEnv env, Path directory, Duration wait, int ownInUse) {
    long deadline = System.nanoTime() + wait.toNanos();
    long pause = TimeUnit.MILLISECONDS.toNanos(1);
    while (true) {
      try {
        takesSlot.run();
        return;
      } catch (LmdbException.ReadersFull e) {
        if (reclaimStale(env, directory) > 0) {
          continue;
        }
        if (System.nanoTime() - deadline > 0) {
          throw new KiteSqlException(
              ErrorCode.READERS_EXHAUSTED,
              "every LMDB reader slot of "
                  + directory
                  + " stayed taken for "
                  + wait.toMillis()
                  + " ms, by other processes (this one has "
                  + ownInUse
                  + " read transactions open, this one included); they share maxReaders (fixed by whichever process created lock.mdb): give each process a"
                  + " smaller readPoolSize, or a larger maxReaders to all of them (docs/storage.md)",
              e);
        }
        LockSupport.parkNanos(pause);
        pause = Math.min(pause * 2, TimeUnit.MILLISECONDS.toNanos(20));
      }
    }
  }
}
