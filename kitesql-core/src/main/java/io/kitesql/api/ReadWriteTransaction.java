package io.kitesql.api;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.bind.BoundStatement;
import io.kitesql.catalog.Catalog;
import io.kitesql.catalog.CatalogStore;
import io.kitesql.exec.DdlExecutor;
import io.kitesql.exec.DmlExecutor;
import io.kitesql.exec.ExecutionContext;
import io.kitesql.storage.WriteTransaction;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * The database's one write transaction. Each {@link #execute} is atomic: a statement that fails
 * leaves none of its writes behind, and the transaction keeps its earlier ones. Values its queries
 * return are owned copies. Not committing means rolling back.
 */
public final class ReadWriteTransaction extends Transaction {
  private final WriteTransaction storage;

  /**
   * The catalog at the begin, and its version: statements are planned against it before the LMDB
   * begin.
   */
  private Catalog initialCatalog;

  private final long initialVersion;

  ReadWriteTransaction(Database database, WriteTransaction storage, Catalog catalog, long version) {
    super(new Session(database, storage, catalog));
    this.storage = storage;
    this.initialCatalog = session.catalog;
    this.initialVersion = version;
  }

  /**
   * Runs on the writer thread right after the LMDB begin of a lazily begun transaction: if another
   * commit moved the catalog past the one statements were planned against, takes the right one (the
   * statement being run then plans again: see {@link #run}).
   */
  void atBegin(WriteTransaction begun) {
    long version = CatalogStore.version(begun);
    if (version != initialVersion) {
      initialCatalog = session.database().catalogFor(begun);
      session.catalog = initialCatalog;
      session
          .database()
          .publish(version, initialCatalog); // committed state: later transactions plan against it
    }
  }

  /** Begins the LMDB transaction if the first statement has not: before a query is planned. */
  void beginNow() {
    storage.begin();
  }

  /**
   * Runs INSERT, UPDATE, DELETE or DDL; returns the rows written (0 for DDL; for INSERT ... ON
   * CONFLICT the rows inserted plus the rows updated). A statement with RETURNING runs too, its
   * returned rows dropped: to read them (generated keys, say), pass it to {@link
   * #query(PreparedStatement, Object...)} instead.
   */
  public long execute(PreparedStatement statement, @Nullable Object... parameters) {
    Arguments.required(statement, "the statement");
    return execute(statement, null, parameters, null);
  }

  public long execute(
      PreparedStatement statement, Map<String, ? extends @Nullable Object> parameters) {
    Arguments.required(statement, "the statement");
    Arguments.required(parameters, "the named parameters");
    return execute(statement, null, null, parameters);
  }

  /** Prepares (cached by SQL text) and executes. */
  public long execute(String sql, @Nullable Object... parameters) {
    return execute(session.database().statement(sql), parameters);
  }

  /**
   * Prepares (cached by SQL text) and executes a statement whose execution carries {@code label}
   * for the database's {@link ExecutionListener} (see {@link Transaction#queryLabelled}).
   */
  public long executeLabelled(String label, String sql, @Nullable Object... parameters) {
    Arguments.required(label, "the label");
    return execute(session.database().statement(sql), label, parameters, null);
  }

  /** {@link #executeLabelled(String, String, Object...)} with named parameters ({@code :name}). */
  public long executeLabelled(
      String label, String sql, Map<String, ? extends @Nullable Object> parameters) {
    Arguments.required(label, "the label");
    Arguments.required(parameters, "the named parameters");
    return execute(session.database().statement(sql), label, null, parameters);
  }

  private long execute(
      PreparedStatement statement,
      @Nullable String label,
      @Nullable Object @Nullable [] positional,
      @Nullable Map<String, ? extends @Nullable Object> named) {
    session.checkOpen();
    var listener = session.database().executionListener();
    if (listener == ExecutionListener.NONE) {
      return run(statement, positional, named);
    }
    var execution = listener.started(statement, label);
    if (execution == ExecutionListener.Execution.NONE) {
      return run(statement, positional, named);
    }
    var measured =
        MeasuredExecution.start(
            statement.spareMeasurement, execution, this, listener.measuresAllocation());
    long written;
    try {
      written = run(statement, positional, named);
    } catch (RuntimeException | Error e) {
      measured.endFailed(e);
      throw e;
    }
    measured.rows = written;
    measured.end();
    return written;
  }

  private long run(
      PreparedStatement statement,
      @Nullable Object @Nullable [] positional,
      @Nullable Map<String, ? extends @Nullable Object> named) {
    CompiledStatement compiled;
    try {
      compiled = statement.compiledFor(session.catalog, positional, named);
    } catch (KiteSqlException e) {
      // Planned against the cached catalog before the LMDB begin: a table another commit created
      // may be missing from it. Begin, and plan again if the catalog was behind.
      var planned = session.catalog;
      storage.begin();
      if (session.catalog == planned) {
        throw e;
      }
      return run(statement, positional, named);
    }
    var params =
        named == null
            ? compiled.parameters().bind(positional)
            : compiled.parameters().bindNamed(named);
    var ctx = session.context(params, this);
    var bound = compiled.statement();
    if (bound.isQuery()) {
      throw new KiteSqlException(
          ErrorCode.WRONG_STATEMENT_KIND,
          "a query returns rows: use query() for " + statement.sql());
    }
    record Outcome(long rows, Catalog catalog) {}
    Outcome outcome;
    try {
      // The whole statement runs on the writer thread: one hand-off instead of one per storage call
      // (the first statement's begins the LMDB transaction too). DmlExecutor makes each statement
      // atomic itself (a one-row write needs no atomic block).
      var catalog = session.catalog;
      boolean subqueries = compiled.writeNeedsSubqueries();
      var sources = compiled.writeSources();
      outcome =
          storage.onWriterThread(
              () ->
                  session.catalog != catalog
                      ? null
                      : switch (bound) {
                        case BoundStatement.Insert _,
                            BoundStatement.Update _,
                            BoundStatement.Delete _ ->
                            new Outcome(
                                DmlExecutor.execute(
                                    bound,
                                    subqueries,
                                    sources,
                                    storage,
                                    ctx,
                                    session.database().identities()),
                                catalog);
                        default ->
                            storage.atomically(
                                () ->
                                    new Outcome(
                                        0,
                                        DdlExecutor.execute(
                                            bound, storage, catalog, session.database()::store)));
                      });
    } catch (StackOverflowError e) {
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR, "statement nested too deeply to execute: " + statement.sql(), e);
    }
    if (outcome == null) {
      return run(
          statement, positional, named); // the begin found a newer catalog: plan again against it
    }
    session.catalog = outcome.catalog();
    return outcome.rows();
  }

  /**
   * Runs an INSERT, UPDATE or DELETE ... RETURNING for {@link Session#query} (the statement
   * completes, atomically, before its first row is read) and returns the rows.
   */
  List<Object[]> executeReturning(
      PreparedStatement statement, BoundStatement write, ExecutionContext ctx) {
    try {
      return storage.onWriterThread(
          () -> DmlExecutor.executeReturning(write, storage, ctx, session.database().identities()));
    } catch (StackOverflowError e) {
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR, "statement nested too deeply to execute: " + statement.sql(), e);
    }
  }

  /** Makes the writes durable and visible to transactions that begin afterwards. */
  public void commit() {
    session.checkOpen();
    session.closeCursors();
    long version = session.catalog == initialCatalog ? -1 : CatalogStore.version(storage);
    storage.commit();
    if (version >= 0) {
      session.database().publish(version, session.catalog);
    }
  }

  /** Discards the writes; does nothing if the transaction already ended. */
  public void rollback() {
    session.closeCursors();
    storage.rollback();
  }

  @Override
  public void close() {
    rollback();
  }
}
