package io.kitesql;

/**
 * Every error the engine raises, with a stable numeric code, a SQLSTATE and a category.
 *
 * <p>Codes are grouped in ranges: 1xxx storage and resources, 2xxx transactions, 3xxx data and
 * encoding, 4xxx SQL statements (syntax, names, types, constraints), 9xxx internal. The category
 * says whose move it is: {@link Category#USER} errors are fixed by changing the call, {@link
 * Category#RESOURCE} errors by waiting, retrying or configuring more of something, {@link
 * Category#INTERNAL} errors are bugs or damaged files.
 */
public enum ErrorCode {
  /** The database was closed, or is closing: {@code db.close(); db.beginRead()}. */
  DATABASE_CLOSED(1001, "08003", Category.USER),
  /** No read context became free in time: every pooled read transaction is in use. */
  READERS_EXHAUSTED(1002, "53300", Category.RESOURCE),
  /** The write lock was not obtained in time: another write transaction is running long. */
  WRITE_LOCK_TIMEOUT(1003, "55P03", Category.RESOURCE),
  /**
   * The LMDB map is full and could not be grown now (read transactions stayed open, or the
   * configured maximum was reached); the write was rolled back and may be retried.
   */
  MAP_FULL(1004, "53100", Category.RESOURCE),
  /** The database could not be closed because transactions are still open. */
  TRANSACTIONS_OPEN(1005, "55006", Category.USER),
  /** The directory does not hold an LMDB database, or the file is damaged. */
  INVALID_DATABASE_FILE(1006, "58030", Category.USER),
  /** The database was written by a newer KiteSQL format version than this one reads. */
  UNSUPPORTED_FORMAT_VERSION(1007, "58030", Category.USER),
  /**
   * The file system holding the database has no space left (ENOSPC, EDQUOT): nothing of the failed
   * call was committed; free space and retry.
   */
  DISK_FULL(1008, "53100", Category.RESOURCE),
  /**
   * The database is already open in this process: LMDB allows one open instance of a database per
   * process, so share the open {@code Database} instead of opening the directory again.
   */
  DATABASE_IN_USE(1009, "55006", Category.USER),
  /**
   * The database files cannot be written (a read-only file system or directory, no permission):
   * open the database with {@code StorageOptions.readOnly()} to read it, or fix the permissions.
   * Read-only too, LMDB's lock file must be writable, where readers register their snapshots; on
   * files no process writes, {@code StorageOptions.readOnlyAssumingNoWriters()} does without.
   */
  DATABASE_NOT_WRITABLE(1010, "58030", Category.USER),
  /**
   * The configured {@code mapSize} could not be reserved: the process's address space (or its
   * limit, {@code ulimit -v}) has no room for it. Configure a smaller map.
   */
  MAP_SIZE_TOO_LARGE(1011, "53200", Category.USER),
  /** A write on a database opened read-only ({@code StorageOptions.readOnly()}). */
  READ_ONLY_DATABASE(1012, "25006", Category.USER),
  /**
   * The LMDB binding cannot start in this JVM: there is no LMDB library for this platform in {@code
   * org.lmdbjava:native}, it cannot be loaded, or the JVM refuses native access ({@code
   * --enable-native-access}). The message says which.
   */
  STORAGE_BINDING_UNAVAILABLE(1013, "58000", Category.USER),
  /**
   * A statement's operators would hold more rows in memory (sort buffers, hash tables, window
   * partitions, buffered join inputs, recursive work tables) than the database's query memory limit
   * ({@code Database.setQueryMemoryLimit}). The message names the operator; nothing was written,
   * and the database and its other statements are unaffected.
   */
  QUERY_MEMORY_LIMIT(1030, "53200", Category.RESOURCE),
  /**
   * The statement's thread was interrupted ({@code Thread.interrupt}, {@code Future.cancel(true)},
   * an executor's {@code shutdownNow}) while it parsed, planned or ran; the interrupt flag stays
   * set. The statement stops where it was (a write statement is undone, as on any error).
   */
  STATEMENT_CANCELLED(1031, "57014", Category.RESOURCE),
  /**
   * The statement ran past its deadline: the database's statement timeout ({@code
   * Database.setStatementTimeout}) or its transaction's ({@code Transaction.setTimeout}, which
   * Spring's transaction timeout sets).
   */
  STATEMENT_TIMEOUT(1032, "57014", Category.RESOURCE),
  /** A storage call failed with an LMDB or operating system error code. */
  STORAGE_FAILURE(1099, "58030", Category.INTERNAL),

  /** A transaction was used in a state that does not allow the call (ended, read-only, ...). */
  INVALID_TRANSACTION_STATE(2001, "25000", Category.USER),
  /** A write transaction was begun on a thread that already holds one. */
  NESTED_WRITE_TRANSACTION(2002, "25001", Category.USER),

  /** An encoded key exceeds LMDB's key size limit (511 bytes by default). */
  KEY_TOO_LARGE(3001, "54000", Category.USER),
  /** A value cannot be represented in the column's type (out of range, wrong kind). */
  VALUE_OUT_OF_RANGE(3002, "22003", Category.USER),
  /** Stored bytes could not be decoded: a damaged record or a bug. */
  CORRUPT_RECORD(3003, "XX001", Category.INTERNAL),
  /** A catalog object (table, index, column) is missing or already exists. */
  CATALOG_CONFLICT(3004, "42P07", Category.USER),

  /** SQL text that does not parse: {@code SELEC 1}. The message names line, column and token. */
  SYNTAX_ERROR(4001, "42601", Category.USER),
  /** A table or index that does not exist: {@code SELECT * FROM nope}. */
  UNKNOWN_TABLE(4002, "42P01", Category.USER),
  /** A column that does not exist in scope: {@code SELECT nope FROM t}. */
  UNKNOWN_COLUMN(4003, "42703", Category.USER),
  /** A column name that matches more than one column in scope. */
  AMBIGUOUS_COLUMN(4004, "42702", Category.USER),
  /** An operation on types that do not fit: {@code 'a' + 1}, {@code WHERE 5}. */
  TYPE_MISMATCH(4005, "42804", Category.USER),
  /** A function that does not exist or is called with the wrong number of arguments. */
  UNKNOWN_FUNCTION(4006, "42883", Category.USER),
  /** Too few or too many parameter values, or an unknown parameter name. */
  PARAMETER_MISMATCH(4007, "07001", Category.USER),
  /** Valid SQL the engine does not implement (yet); the message names the construct. */
  UNSUPPORTED_FEATURE(4008, "0A000", Category.USER),
  /** A row would break a PRIMARY KEY or UNIQUE constraint. */
  UNIQUE_VIOLATION(4009, "23505", Category.USER),
  /** NULL for a NOT NULL column. */
  NOT_NULL_VIOLATION(4010, "23502", Category.USER),
  /** Division (or MOD) by zero. */
  DIVISION_BY_ZERO(4011, "22012", Category.USER),
  /** A value that cannot be converted to the requested type: {@code CAST('x' AS INT)}. */
  INVALID_VALUE(4012, "22018", Category.USER),
  /** A grouping error: a column neither grouped nor aggregated, an aggregate in WHERE. */
  GROUPING_ERROR(4013, "42803", Category.USER),
  /** A scalar subquery returned more than one row. */
  CARDINALITY_VIOLATION(4015, "21000", Category.USER),
  /**
   * An API call's argument is missing or outside what the call accepts: {@code db.prepare(null)}, a
   * null transaction function, a null path. Fix the call.
   */
  INVALID_ARGUMENT(4016, "22023", Category.USER),
  /** A statement shape that is not allowed here: a query passed to execute(), DML to query(). */
  WRONG_STATEMENT_KIND(4014, "42000", Category.USER),
  /** An explicit value for a {@code GENERATED ALWAYS AS IDENTITY} column (INSERT or UPDATE). */
  GENERATED_ALWAYS(4017, "428C9", Category.USER),
  /**
   * A statement names an object of the wrong kind: {@code DROP TABLE} of a view, {@code DROP VIEW}
   * of a table, {@code CREATE INDEX} on a view.
   */
  WRONG_OBJECT_TYPE(4020, "42809", Category.USER),
  /**
   * An object cannot be dropped (or changed) because others depend on it: {@code DROP TABLE t}
   * while a view reads {@code t}. The message names the dependent objects.
   */
  DEPENDENT_OBJECTS_EXIST(4021, "2BP01", Category.USER),
  /**
   * The columns of an {@code ON CONFLICT (...)} target are those of no PRIMARY KEY or unique index
   * of the table (PostgreSQL's invalid_column_reference).
   */
  INVALID_CONFLICT_TARGET(4030, "42P10", Category.USER),

  /** A bug: an invariant of the engine did not hold. */
  INTERNAL_ERROR(9001, "XX000", Category.INTERNAL);

  /** Whose move it is after this error. */
  public enum Category {
    USER,
    RESOURCE,
    INTERNAL
  }

  private final int code;
  private final String sqlState;
  private final Category category;

  ErrorCode(int code, String sqlState, Category category) {
    this.code = code;
    this.sqlState = sqlState;
    this.category = category;
  }

  public int code() {
    return code;
  }

  public String sqlState() {
    return sqlState;
  }

  public Category category() {
    return category;
  }
}
