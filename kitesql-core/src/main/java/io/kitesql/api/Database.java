package io.kitesql.api;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.bind.Names;
import io.kitesql.catalog.Catalog;
import io.kitesql.catalog.CatalogStore;
import io.kitesql.catalog.IdentityCounters;
import io.kitesql.catalog.TableDef;
import io.kitesql.exec.ExecutionBudget;
import io.kitesql.options.StorageOptions;
import io.kitesql.options.StorageStats;
import io.kitesql.storage.KvTransaction;
import io.kitesql.storage.Storage;
import io.kitesql.table.IntegrityCheck;
import io.kitesql.table.TableStore;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * An open KiteSQL database. Thread-safe: prepare statements once and execute them from any thread,
 * in read-only transactions (many at once, values borrowed from the map) or the one read-write
 * transaction.
 *
 * {@snippet :
 * try (var db = KiteSql.open(Path.of("data"))) {
 *   db.execute("create table notes (id int primary key, body varchar)");
 *   db.execute("insert into notes values (?, ?)", 1, "kites fly");
 *   var byId = db.prepare("select body from notes where id = ?");
 *   db.read(tx -> {
 *     try (var rows = tx.query(byId, 1)) {
 *       while (rows.next()) {
 *         CharSequence body = rows.getText(0); // a view of the LMDB map, no copy
 *       }
 *     }
 *     return null;
 *   });
 * }
 * }
 */
public final class Database implements AutoCloseable {
  private static final int MAX_CACHED_STATEMENTS = 4096;

  /** The catalog as of a version; replaced as a whole when a schema change commits. */
  private record CatalogSnapshot(long version, Catalog catalog) {}

  private final Storage storage;
  private final ConcurrentHashMap<String, PreparedStatement> statements = new ConcurrentHashMap<>();
  private final ConcurrentHashMap<TableDef, TableStore> stores = new ConcurrentHashMap<>();
  private final IdentityCounters identities = new IdentityCounters();
  private volatile StoreLookup lastStore;
  private volatile CatalogSnapshot current;
  private volatile ExecutionListener executionListener = ExecutionListener.NONE;
  private volatile long queryMemoryLimit = Runtime.getRuntime().maxMemory() / 4;
  private volatile long statementTimeoutMillis;

  /**
   * The budget of write statements: there is one write transaction at a time, running one statement
   * at a time.
   */
  private final ExecutionBudget writeBudget = new ExecutionBudget();

  /**
   * Opened with {@link KiteSql#openShared} or {@link KiteSql#inMemoryShared}: its key in {@link
   * SharedDatabases}, else null. Guarded by that registry.
   */
  volatile Object sharedAs;

  /**
   * The openers of a shared database that have not closed it yet. Guarded by {@link
   * SharedDatabases}.
   */
  int openers;

  Database(Storage storage) {
    this.storage = storage;
    this.current =
        storage.read(tx -> new CatalogSnapshot(CatalogStore.version(tx), CatalogStore.load(tx)));
  }

  /**
   * Parses {@code sql} and plans it against the current schema (so unknown tables and syntax errors
   * surface here). Cached by SQL text: preparing the same text again is a map lookup.
   */
  public PreparedStatement prepare(String sql) {
    checkOpen();
    var statement = statement(sql);
    try {
      statement.compiledFor(catalog());
    } catch (KiteSqlException e) {
      // The cached catalog follows this instance's own commits; another process may have changed
      // the schema since (UNKNOWN_TABLE for a table it had created).
      if (e.errorCode() == ErrorCode.STATEMENT_CANCELLED || !refreshCatalog()) {
        throw e;
      }
      statement.compiledFor(catalog());
    }
    return statement;
  }

  /** Loads the catalog from storage if its version moved past the cached one; whether it did. */
  private boolean refreshCatalog() {
    return storage.read(
        tx -> {
          long version = CatalogStore.version(tx);
          if (version == current.version()) {
            return false;
          }
          publish(version, CatalogStore.load(tx));
          return true;
        });
  }

  /** A cached prepared statement, planned at first use. */
  PreparedStatement statement(String sql) {
    Arguments.required(sql, "the SQL text");
    var cached = statements.get(sql);
    if (cached != null) {
      return cached;
    }
    var created = new PreparedStatement(this, sql);
    if (statements.size() < MAX_CACHED_STATEMENTS) {
      var raced = statements.putIfAbsent(sql, created);
      return raced != null ? raced : created;
    }
    return created;
  }

  /** Begins a read-only transaction on the latest committed state. */
  public ReadOnlyTransaction beginRead() {
    checkOpen();
    return new ReadOnlyTransaction(this, storage.beginRead());
  }

  /**
   * Begins the read-write transaction, waiting for the one in progress. The LMDB transaction itself
   * begins with the first statement, in that statement's hand-off to the writer thread (so a
   * one-statement transaction costs two hand-offs, not three); a {@code WRITE_LOCK_TIMEOUT} because
   * another process holds the database's write lock comes from that statement.
   */
  public ReadWriteTransaction beginWrite() {
    checkOpen();
    // Statements are planned against the cached catalog; the begin checks its version on the
    // writer thread and, if another commit moved it, the transaction loads the right one.
    var snapshot = current;
    var transaction = new ReadWriteTransaction[1];
    var storageTx = storage.beginWriteLazily(tx -> transaction[0].atBegin(tx));
    transaction[0] =
        new ReadWriteTransaction(this, storageTx, snapshot.catalog(), snapshot.version());
    return transaction[0];
  }

  /**
   * Runs {@code work} in a read-only transaction; what it returns must not borrow from it (copy
   * values).
   */
  public <T> T read(Function<? super ReadOnlyTransaction, T> work) {
    Arguments.required(work, "the read function");
    try (var tx = beginRead()) {
      return work.apply(tx);
    }
  }

  /** Runs {@code work} in a read-write transaction and commits it, or rolls back if it throws. */
  public <T> T write(Function<? super ReadWriteTransaction, T> work) {
    Arguments.required(work, "the write function");
    try (var tx = beginWrite()) {
      T result = work.apply(tx);
      if (tx.isOpen()) {
        tx.commit();
      }
      return result;
    }
  }

  /**
   * Runs {@code work} in a read-write transaction on the database's writer thread and commits it,
   * or rolls back if it throws (or if {@code work} ended the transaction itself).
   *
   * <p>LMDB ties a write transaction to the thread that began it, so all storage calls of a write
   * transaction run on one writer thread; from {@link #write} or {@link #beginWrite} every call is
   * handed to that thread and back, a few microseconds each. Here the whole of {@code work} runs on
   * the writer thread, so there is no hand-off at all: the fast way to load data or to run many
   * statements in one transaction. In exchange {@code work} runs on another thread than the
   * caller's: it sees that thread's thread-locals, must not begin another write transaction of this
   * database (it would wait for the write lock this call holds), and should not block on other
   * threads.
   */
  public <T> T writeOnWriterThread(Function<? super ReadWriteTransaction, T> work) {
    Arguments.required(work, "the write function");
    checkOpen();
    return storage.write(
        storageTx -> {
          try (var tx =
              new ReadWriteTransaction(
                  this, storageTx, catalogFor(storageTx), CatalogStore.version(storageTx))) {
            T result = work.apply(tx);
            if (tx.isOpen()) {
              tx.commit();
            }
            return result;
          }
        });
  }

  /**
   * Executes one INSERT/UPDATE/DELETE/DDL statement in its own transaction; returns the rows
   * written.
   */
  public long execute(String sql, @Nullable Object... parameters) {
    Arguments.required(sql, "the SQL text");
    return write(tx -> tx.execute(sql, parameters));
  }

  /**
   * Tells {@code listener} of every statement execution from now on (see {@link ExecutionListener}
   * for what it sees and when), replacing the one set before; {@link ExecutionListener#NONE} stops
   * listening. One listener per database: to feed several, compose them in one. Executions already
   * started report to the listener they started with.
   */
  public void setExecutionListener(ExecutionListener listener) {
    this.executionListener =
        Arguments.required(listener, "the execution listener (ExecutionListener.NONE for none)");
  }

  /** The listener told of statement executions; {@link ExecutionListener#NONE} when none is set. */
  public ExecutionListener executionListener() {
    return executionListener;
  }

  /**
   * Sets how many bytes of rows the operators of one statement execution may hold in memory at
   * once: sort buffers, GROUP BY and DISTINCT hash tables, hash join tables and other buffered join
   * inputs, set operations, window partitions, recursive CTE work tables, the rows an UPDATE or
   * DELETE reads before it writes. The bytes are an estimate per row (its array and value objects;
   * borrowed text counts as a reference into the map, not its bytes). A statement that would hold
   * more fails with {@code QUERY_MEMORY_LIMIT} naming the operator; the database and other
   * statements are unaffected. The default is a quarter of the JVM's maximum heap ({@link
   * Runtime#maxMemory()}); the limit is per execution, so concurrent statements may together hold a
   * multiple of it. Applies to executions that start afterwards.
   *
   * @throws KiteSqlException {@code INVALID_ARGUMENT} if {@code bytes} is not positive
   */
  public void setQueryMemoryLimit(long bytes) {
    if (bytes <= 0) {
      throw new KiteSqlException(
          ErrorCode.INVALID_ARGUMENT, "the query memory limit must be positive, was " + bytes);
    }
    this.queryMemoryLimit = bytes;
  }

  /** The bytes one statement execution may hold in memory; see {@link #setQueryMemoryLimit}. */
  public long queryMemoryLimit() {
    return queryMemoryLimit;
  }

  /**
   * Sets how long one statement may run: past it, the statement fails with {@code
   * STATEMENT_TIMEOUT} at its next check (its loops over rows check every thousand rows or so) and
   * lets go of what it held. For a query the time counts from its start until its cursor ends, the
   * caller's time between rows included. {@link Duration#ZERO} (the default) means no timeout. A
   * transaction's own timeout ({@link Transaction#setTimeout}) applies as well: the earlier
   * deadline wins. Applies to statements that start afterwards.
   *
   * @throws KiteSqlException {@code INVALID_ARGUMENT} if {@code timeout} is null or negative
   */
  public void setStatementTimeout(Duration timeout) {
    Arguments.required(timeout, "the statement timeout (Duration.ZERO for none)");
    if (timeout.isNegative()) {
      throw new KiteSqlException(
          ErrorCode.INVALID_ARGUMENT, "the statement timeout must not be negative, was " + timeout);
    }
    this.statementTimeoutMillis = timeout.isZero() ? 0 : timeoutMillis(timeout);
  }

  /**
   * A positive timeout in whole milliseconds: at least 1, at most ~31 years (so a deadline in
   * nanoseconds cannot overflow).
   */
  static long timeoutMillis(Duration timeout) {
    long max = 1_000_000_000_000L;
    return timeout.compareTo(Duration.ofMillis(max)) >= 0 ? max : Math.max(1, timeout.toMillis());
  }

  /** The statement timeout; {@link Duration#ZERO} for none. See {@link #setStatementTimeout}. */
  public Duration statementTimeout() {
    return Duration.ofMillis(statementTimeoutMillis);
  }

  /** The statement timeout in milliseconds, 0 for none. */
  long statementTimeoutMillis() {
    return statementTimeoutMillis;
  }

  /**
   * The tables and views as of the last committed schema change, by name (tables first, then
   * views): for applications, tools and drivers that describe the schema.
   */
  public List<TableInfo> tables() {
    return TableInfo.all(catalog());
  }

  /**
   * The table or view {@code name} as a statement names it, as of the last committed schema change:
   * an unquoted name folds as in SQL, a quoted one ({@code "Orders"}) is taken exactly.
   */
  public Optional<TableInfo> table(String name) {
    Arguments.required(name, "the table name");
    var catalog = catalog();
    return catalog.relation(Names.canonical(name, catalog.nameFolding())).map(TableInfo::of);
  }

  /** The directory the database lives in (for an in-memory database, the one its files were in). */
  public Path directory() {
    return storage.directory();
  }

  /** The options the database was opened with. */
  public StorageOptions options() {
    return storage.options();
  }

  /** The storage's figures now: map size and use, readers, commits. */
  public StorageStats storageStats() {
    checkOpen();
    return storage.stats();
  }

  /**
   * The schema as of the last committed change, as the engine holds it. The engine's own type, for
   * its tests and tools; applications use {@link #tables()}.
   */
  public Catalog catalog() {
    checkOpen();
    return current.catalog();
  }

  /** Whether {@link #close()} has closed the database. */
  public boolean isClosed() {
    return storage.isClosed();
  }

  /**
   * Using a closed database (or a statement prepared on it) is a programming error, reported like
   * the use of a closed transaction, cursor or borrowed value: with {@link IllegalStateException}.
   */
  void checkOpen() {
    if (storage.isClosed()) {
      throw new IllegalStateException("database " + storage.directory() + " is closed");
    }
  }

  /**
   * Checks, in one read-only snapshot, that the catalog loads, every row decodes, every row has
   * exactly the index entries its values imply and every entry points to a matching row, unique
   * indexes hold no duplicates, and no data lies outside a known table or index. Reads the whole
   * database; takes a read context for its duration.
   */
  public IntegrityReport checkIntegrity() {
    checkOpen();
    return storage.read(
        tx -> {
          var check = IntegrityCheck.run(tx);
          return new IntegrityReport(
              check.problems(), check.rowsChecked(), check.indexEntriesChecked());
        });
  }

  /**
   * Runs ANALYZE on each table that was never measured, or whose row count (which every table
   * keeps) moved by more than a tenth, and at least {@value #STALE_ROWS} rows, since it was: what
   * an application runs at start-up so that its planner's figures stay near its data, as SQLite's
   * {@code PRAGMA optimize} does. Measuring reads each table's keys once; a table whose figures are
   * current costs one lookup.
   *
   * @return the names of the tables measured, in name order
   */
  public List<String> analyzeStale() {
    checkOpen();
    var tables = catalog().tables();
    var stale =
        storage.read(
            tx ->
                tables.stream()
                    .filter(t -> isStale(t, store(t).count(tx)))
                    .map(TableDef::name)
                    .toList());
    for (var name : stale) {
      execute("analyze \"" + name.replace("\"", "\"\"") + "\"");
    }
    return stale;
  }

  /** The least change of a table's rows that makes its figures stale ({@link #analyzeStale}). */
  static final long STALE_ROWS = 100;

  private static boolean isStale(TableDef table, long rows) {
    var stats = table.stats();
    long moved = Math.abs(rows - stats.rows());
    return !stats.analyzed() || (moved >= STALE_ROWS && moved * 10 > stats.rows());
  }

  /**
   * Writes a consistent copy of the database (its latest commit when the backup began) into {@code
   * target}, a new or empty directory, while readers and writers keep working. The copy is
   * compacted (free pages left out) and opens with {@link KiteSql#open} like any database. To
   * restore, open the backup directory, or replace the database directory's {@code data.mdb} by the
   * backup's while no process has the database open (and delete its {@code lock.mdb}).
   *
   * @throws KiteSqlException {@code INVALID_ARGUMENT} if {@code target} is a file or a non-empty
   *     directory (nothing is overwritten), {@code DISK_FULL} if it does not fit (the partial copy
   *     is removed)
   */
  public void backup(Path target) {
    Arguments.required(target, "the backup directory");
    checkOpen();
    storage.backup(target);
  }

  /**
   * LMDB's data file, e.g. to check that borrowed values lie inside its map. An in-memory
   * database's was deleted right after the open: the path names it, but no longer exists.
   */
  public Path dataFile() {
    return storage.dataFile();
  }

  /**
   * The storage underneath: the engine's own type, for its tests and benchmarks. Applications use
   * {@link #options()}, {@link #directory()} and {@link #storageStats()}.
   */
  public Storage storage() {
    return storage;
  }

  /**
   * Closes the database; refuses (and stays open) while transactions are open. A database opened
   * with {@link KiteSql#openShared} or {@link KiteSql#inMemoryShared} closes when its last opener
   * closes it; an earlier opener's close only counts that opener out. An in-memory database's data
   * is gone once it closed.
   */
  @Override
  public void close() {
    if (sharedAs == null) {
      storage.close();
    } else {
      SharedDatabases.close(this);
    }
  }

  // ---- plumbing for transactions ----

  /** The catalog a transaction sees: the cached one if its version matches the snapshot's. */
  Catalog catalogFor(KvTransaction tx) {
    long version = CatalogStore.version(tx);
    var snapshot = current;
    return snapshot.version() == version ? snapshot.catalog() : CatalogStore.load(tx);
  }

  synchronized void publish(long version, Catalog catalog) {
    if (version > current.version()) {
      current = new CatalogSnapshot(version, catalog);
    }
  }

  ExecutionBudget writeBudget() {
    return writeBudget;
  }

  /** Hands out identity column values; shared by every write transaction of this database. */
  IdentityCounters identities() {
    return identities;
  }

  /**
   * The table's store. The last one looked up is remembered by identity: a {@code TableDef} is a
   * record, and hashing it for the map on every execution (all its columns) showed in a one-row
   * UPDATE's profile.
   */
  TableStore store(TableDef table) {
    var last = lastStore;
    if (last != null && last.table() == table) {
      return last.store();
    }
    var store = stores.computeIfAbsent(table, TableStore::new);
    lastStore = new StoreLookup(table, store);
    return store;
  }

  /** A table and its store (immutable, so publishing it through a volatile field is safe). */
  private record StoreLookup(TableDef table, TableStore store) {}
}
