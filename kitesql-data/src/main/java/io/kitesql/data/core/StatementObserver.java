package io.kitesql.data.core;

import org.jspecify.annotations.Nullable;

/**
 * Watches every statement a {@link KiteSqlTemplate} runs (repository methods included): the
 * starter's metrics and observations implement it. Called on the thread running the statement, so
 * an implementation may read that thread's allocation counter around it. Must be thread-safe and
 * cheap; {@link #NONE} costs nothing. The statements a template reports here are marked for the
 * database's {@code ExecutionListener} ({@link StatementMarks}), so a listener measuring direct SQL
 * does not count them again.
 */
public interface StatementObserver {
  /** Observes nothing. */
  StatementObserver NONE = statement -> Observation.NONE;

  /** A statement is about to run; the returned observation is stopped when it has. */
  Observation start(Statement statement);

  /** One statement's observation. */
  @FunctionalInterface
  interface Observation {
    Observation NONE = outcome -> {};

    void stop(Outcome outcome);
  }

  /**
   * What one statement did.
   *
   * @param rows rows returned (queries) or written (other statements)
   * @param bytesVisited bytes of the LMDB map the engine read in place for the statement: keys and
   *     rows of every row it visited, also those a filter dropped or a sort, an aggregate or a
   *     LIMIT left out ({@code Transaction.bytesBorrowed()}); a read-only transaction's work
   * @param bytesReturned bytes of the text and binary values of the returned rows the application
   *     read (borrowed views or copies)
   * @param bytesCopied bytes copied out of the map: by the engine in a write transaction, or into
   *     owned values (a {@code String}, or for a caller outside any transaction)
   * @param failure what the statement threw, or null
   */
  record Outcome(
      long rows,
      long bytesVisited,
      long bytesReturned,
      long bytesCopied,
      @Nullable RuntimeException failure) {}
}
