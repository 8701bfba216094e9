package io.kitesql.data.core;

import io.kitesql.KiteSqlException;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.CannotAcquireLockException;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.dao.InvalidDataAccessResourceUsageException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.dao.UncategorizedDataAccessException;
import org.springframework.dao.support.PersistenceExceptionTranslator;

/**
 * Translates {@link KiteSqlException}s into Spring's {@link DataAccessException} hierarchy by error
 * code, as Spring JDBC does by SQLSTATE class: constraint violations become {@link
 * DuplicateKeyException} and {@link DataIntegrityViolationException}, bad SQL {@link
 * InvalidDataAccessResourceUsageException}, resources that ran out (readers, the write lock) and
 * cancelled statements the transient kinds a caller may retry, a statement past its timeout {@link
 * QueryTimeoutException}, one over the query memory limit {@link
 * DataAccessResourceFailureException}.
 */
public final class KiteSqlExceptionTranslator implements PersistenceExceptionTranslator {

  /** A KiteSQL error no more specific Spring exception fits (a damaged file, a bug). */
  public static final class UncategorizedKiteSqlException extends UncategorizedDataAccessException {
    UncategorizedKiteSqlException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  @Override
  public @Nullable DataAccessException translateExceptionIfPossible(RuntimeException ex) {
    return switch (ex) {
      case DataAccessException alreadyTranslated -> alreadyTranslated;
      case KiteSqlException e -> translate(e);
      default -> null;
    };
  }

  /** The Spring exception for {@code e}; never null. */
  public DataAccessException translate(KiteSqlException e) {
    var message = e.getMessage();
    return switch (e.errorCode()) {
      case UNIQUE_VIOLATION -> new DuplicateKeyException(message, e);
      case NOT_NULL_VIOLATION, VALUE_OUT_OF_RANGE, INVALID_VALUE, DIVISION_BY_ZERO, KEY_TOO_LARGE ->
          new DataIntegrityViolationException(message, e);
      case SYNTAX_ERROR,
          UNKNOWN_TABLE,
          UNKNOWN_COLUMN,
          AMBIGUOUS_COLUMN,
          TYPE_MISMATCH,
          UNKNOWN_FUNCTION,
          UNSUPPORTED_FEATURE,
          GROUPING_ERROR,
          CATALOG_CONFLICT,
          WRONG_OBJECT_TYPE,
          DEPENDENT_OBJECTS_EXIST ->
          new InvalidDataAccessResourceUsageException(message, e);
      case PARAMETER_MISMATCH,
          WRONG_STATEMENT_KIND,
          INVALID_TRANSACTION_STATE,
          NESTED_WRITE_TRANSACTION,
          TRANSACTIONS_OPEN,
          READ_ONLY_DATABASE ->
          new InvalidDataAccessApiUsageException(message, e);
      case CARDINALITY_VIOLATION -> new IncorrectResultSizeDataAccessException(message, 1, e);
      case WRITE_LOCK_TIMEOUT -> new CannotAcquireLockException(message, e);
      case READERS_EXHAUSTED, MAP_FULL, STATEMENT_CANCELLED ->
          new TransientDataAccessResourceException(message, e);
      case STATEMENT_TIMEOUT -> new QueryTimeoutException(message, e);
      case DATABASE_CLOSED,
          INVALID_DATABASE_FILE,
          UNSUPPORTED_FORMAT_VERSION,
          STORAGE_FAILURE,
          QUERY_MEMORY_LIMIT ->
          new DataAccessResourceFailureException(message, e);
      default -> new UncategorizedKiteSqlException(message, e);
    };
  }
}
