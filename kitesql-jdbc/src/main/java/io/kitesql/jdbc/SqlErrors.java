package io.kitesql.jdbc;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import java.sql.SQLDataException;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLNonTransientException;
import java.sql.SQLSyntaxErrorException;
import java.sql.SQLTimeoutException;
import java.sql.SQLTransactionRollbackException;
import java.sql.SQLTransientException;

/**
 * The engine's errors as {@link SQLException}s: the SQLSTATE of the {@link ErrorCode}, its number
 * as the vendor code, and the {@code java.sql} subclass of the SQLSTATE's class, so that generic
 * translators (Spring's among them) tell a unique violation from a syntax error with no
 * KiteSQL-specific code.
 *
 * <p>Writers are serialized by a lock, so no transaction fails a serialization check (SQLSTATE
 * 40001); the conflict a retry fixes is a write lock not obtained in time ({@code
 * WRITE_LOCK_TIMEOUT}, 55P03, as PostgreSQL's lock_not_available), raised as a {@link
 * SQLTransactionRollbackException}.
 */
final class SqlErrors {
  /** SQLSTATE of a connection (or an object of one) used after close. */
  static final String CONNECTION_CLOSED = "08003";

  /**
   * SQLSTATE of an object used in a state that does not allow the call (a closed statement or
   * result set).
   */
  static final String WRONG_STATE = "55000";

  /**
   * SQLSTATE of a statement the engine refuses as unsupported ({@code UNSUPPORTED_FEATURE}): class
   * 0A, feature not supported, with an implementation-defined subclass. Not the plain 0A000, which
   * connection pools (HikariCP) take for a broken connection: they close it, and inside a
   * transaction the rollback then fails and replaces this error. The connection is fine.
   */
  static final String STATEMENT_NOT_SUPPORTED = "0AK01";

  private SqlErrors() {}

  /** {@code e} as the SQLException a JDBC caller expects. */
  static SQLException translate(RuntimeException e) {
    return switch (e) {
      case KiteSqlException k -> of(k);
      // the engine's report of a closed transaction, cursor or borrowed value
      case IllegalStateException s -> new SQLNonTransientException(s.getMessage(), WRONG_STATE, s);
      default -> new SQLException(e.toString(), "XX000", ErrorCode.INTERNAL_ERROR.code(), e);
    };
  }

  private static SQLException of(KiteSqlException e) {
    var code = e.errorCode();
    var state = code == ErrorCode.UNSUPPORTED_FEATURE ? STATEMENT_NOT_SUPPORTED : code.sqlState();
    var message = e.getMessage();
    int vendor = code.code();
    if (state.equals("57014")) {
      return new SQLTimeoutException(message, state, vendor, e);
    }
    if (code == ErrorCode.WRITE_LOCK_TIMEOUT) {
      // nothing of the statement (or of a transaction it would have begun) was applied: retry it
      return new SQLTransactionRollbackException(message, state, vendor, e);
    }
    return switch (state.substring(0, 2)) {
      case "23" -> new SQLIntegrityConstraintViolationException(message, state, vendor, e);
      case "42" -> new SQLSyntaxErrorException(message, state, vendor, e);
      case "22" -> new SQLDataException(message, state, vendor, e);
      case "0A" -> new SQLFeatureNotSupportedException(message, state, vendor, e);
      case "40" -> new SQLTransactionRollbackException(message, state, vendor, e);
      case "08" -> new SQLNonTransientConnectionException(message, state, vendor, e);
      default ->
          code.category() == ErrorCode.Category.RESOURCE
              ? new SQLTransientException(message, state, vendor, e)
              : new SQLException(message, state, vendor, e);
    };
  }

  static SQLException closed(String what) {
    return new SQLNonTransientException(what + " is closed", WRONG_STATE);
  }

  static SQLFeatureNotSupportedException unsupported(String what) {
    return new SQLFeatureNotSupportedException(what + " is not supported by KiteSQL", "0A000");
  }
}
