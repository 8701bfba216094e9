package io.kitesql.data.core;

import io.kitesql.KiteSqlException;
import io.kitesql.api.Database;
import io.kitesql.api.ReadWriteTransaction;
import io.kitesql.api.RowCursor;
import io.kitesql.api.Transaction;
import io.kitesql.data.transaction.KiteSqlTransactions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.IncorrectResultSizeDataAccessException;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * Direct SQL against a KiteSQL {@link Database} with positional ({@code ?}, {@code ?1}) or named
 * ({@code :name}) parameters and {@link RowMapper}s, taking part in the current Spring transaction:
 * the layer repositories are built on, and what to reach for when a method name is not enough.
 *
 * <p>Transactions: a statement runs in the KiteSQL transaction bound to the thread by {@link
 * io.kitesql.data.transaction.KiteSqlTransactionManager} when there is one. Inside a read-only
 * transaction mapped values borrow the LMDB map until it ends, and a write statement fails at once.
 * With no transaction bound, a query runs in a short read-only transaction of its own and the
 * mapper sees owned copies (so the result outlives the call), and a write runs in a write
 * transaction of its own, committed before the call returns. A write also runs in its own
 * transaction when only a web request's read snapshot is bound ({@link
 * io.kitesql.data.transaction.OpenReadTransactionInViewInterceptor}, no read-only method running)
 * and in the {@code afterCommit}/{@code afterCompletion} callbacks of a completed transaction.
 *
 * <p>Every {@link KiteSqlException} is translated into Spring's {@link DataAccessException}
 * hierarchy by {@link KiteSqlExceptionTranslator}.
 *
 * <p>Metrics and tracing: every statement is one execution the database's {@link
 * io.kitesql.api.ExecutionListener} sees, labelled with the statement's name ({@link
 * Statement#name()}, {@code Repository.method} for repositories) or {@value #UNNAMED}. The rows a
 * mapper reads count in its outcome: the text and binary bytes it took, and what this template
 * copied for it ({@code String}s, owned copies outside a transaction); so does a mapper's failure.
 */
public class KiteSqlTemplate {
  /** The label of the statements this template runs that nobody named. */
  public static final String UNNAMED = "unnamed";

  private final Database database;
  private final KiteSqlExceptionTranslator translator = new KiteSqlExceptionTranslator();

  /**
   * The read-only transaction {@link #inReadTransaction} opened on this thread, whose values are
   * copied.
   */
  private final ThreadLocal<Transaction> ownRead = new ThreadLocal<>();

  public KiteSqlTemplate(Database database) {
    this.database = database;
  }

  public Database getDatabase() {
    return database;
  }

  public KiteSqlExceptionTranslator getExceptionTranslator() {
    return translator;
  }

  /** The rows of {@code sql}, each mapped by {@code mapper}. */
  public <T> List<T> query(String sql, RowMapper<T> mapper, @Nullable Object... args) {
    return query(Statement.of(sql, args), mapper, Integer.MAX_VALUE);
  }

  /**
   * The rows of {@code sql} with named parameters ({@code :name}), each mapped by {@code mapper}.
   */
  public <T> List<T> query(String sql, Map<String, ?> args, RowMapper<T> mapper) {
    return query(Statement.of(sql, args), mapper, Integer.MAX_VALUE);
  }

  /** The one row of {@code sql}, mapped; empty for no row; more than one row is an error. */
  public <T> Optional<T> queryForOptional(
      String sql, RowMapper<T> mapper, @Nullable Object... args) {
    return single(query(Statement.of(sql, args), mapper, 2));
  }

  /**
   * The one value of a one-row, one-column query ({@code select count(*) ...}), converted to {@code
   * type}.
   */
  public <T> Optional<T> queryForValue(String sql, Class<T> type, @Nullable Object... args) {
    return queryForOptional(
        sql,
        row -> {
          if (row.columnCount() != 1) {
            throw new IncorrectResultSizeDataAccessException(
                "expected one column, the query has " + row.columnCount(), 1, row.columnCount());
          }
          return Values.read(row.getObject(0), type);
        },
        args);
  }

  /**
   * The rows of {@code sql} as a lazy stream, read as it is consumed. Needs a surrounding
   * transaction (the stream reads from it); close the stream, or let the transaction end.
   */
  public <T> Stream<T> queryForStream(String sql, RowMapper<T> mapper, @Nullable Object... args) {
    return stream(Statement.of(sql, args), mapper);
  }

  /** Runs INSERT, UPDATE, DELETE or DDL; returns the rows written. */
  public long update(String sql, @Nullable Object... args) {
    return update(Statement.of(sql, args));
  }

  /** Runs INSERT, UPDATE, DELETE or DDL with named parameters; returns the rows written. */
  public long update(String sql, Map<String, ?> args) {
    return update(Statement.of(sql, args));
  }

  /**
   * Runs a write statement that returns rows ({@code insert ... returning id}) in the current
   * read-write transaction or one of its own, and maps the rows it returns.
   */
  public <T> List<T> updateReturning(Statement statement, RowMapper<T> mapper) {
    return inWriteTransaction(
        tx -> {
          try {
            return read(tx, statement, false, rows -> collect(rows, mapper, Integer.MAX_VALUE));
          } catch (KiteSqlException e) {
            throw translator.translate(e);
          }
        });
  }

  /**
   * Runs {@code work} in one write transaction: the current Spring one, or one of its own,
   * committed when {@code work} returns and rolled back if it throws. Statements of the template
   * inside {@code work} join it (batch saves are atomic this way).
   */
  public <T> T inWriteTransaction(Function<? super ReadWriteTransaction, T> work) {
    var current = KiteSqlTransactions.currentForWrite(database);
    if (current.isPresent()) {
      return work.apply(requireWrite(current.get(), "a write transaction"));
    }
    try {
      return database.write(tx -> KiteSqlTransactions.runBound(database, tx, () -> work.apply(tx)));
    } catch (KiteSqlException e) {
      throw translator.translate(e);
    }
  }

  /**
   * The first {@code maxRows} rows of {@code statement}, each mapped by {@code mapper}; a mapper
   * that {@linkplain RowMapper#completesResults completes results} runs its further queries in the
   * same transaction.
   */
  public <T> List<T> query(Statement statement, RowMapper<T> mapper, int maxRows) {
    if (mapper.completesResults()) {
      return inReadTransaction(
          () -> mapper.completeResults(query(statement, rows -> collect(rows, mapper, maxRows))));
    }
    return query(statement, rows -> collect(rows, mapper, maxRows));
  }

  /**
   * Runs {@code work} so that every query of this template inside it reads one snapshot: the
   * current transaction's, or a short read-only transaction of its own whose values are copied for
   * the caller (as for a single query outside any transaction).
   */
  public <R> R inReadTransaction(Supplier<R> work) {
    if (ownRead.get() != null || KiteSqlTransactions.current(database).isPresent()) {
      return work.get();
    }
    try {
      return database.read(
          tx -> {
            ownRead.set(tx);
            try {
              return work.get();
            } finally {
              ownRead.remove();
            }
          });
    } catch (KiteSqlException e) {
      throw translator.translate(e);
    }
  }

  /**
   * Runs a query and hands its rows to {@code reader} inside the transaction; what {@code reader}
   * returns must not keep the {@link Rows} (the cursor closes when it returns).
   */
  public <R> R query(Statement statement, Function<Rows, R> reader) {
    try {
      var current = KiteSqlTransactions.current(database);
      if (current.isPresent()) {
        return read(current.get(), statement, false, reader);
      }
      var own = ownRead.get();
      if (own != null) {
        return read(own, statement, true, reader);
      }
      return database.read(tx -> read(tx, statement, true, reader));
    } catch (KiteSqlException e) {
      throw translator.translate(e);
    }
  }

  /** A lazy stream over a query's mapped rows; needs a surrounding transaction. */
  public <T> Stream<T> stream(Statement statement, RowMapper<T> mapper) {
    if (mapper.completesResults()) {
      throw new InvalidDataAccessApiUsageException(
          "a Stream cannot return aggregates with @MappedCollection properties"
              + " (their collections are read for all rows at once, after them): return a List, Page or Slice ("
              + statement.sql()
              + ")");
    }
    var tx =
        KiteSqlTransactions.current(database)
            .orElseThrow(
                () ->
                    new InvalidDataAccessApiUsageException(
                        "a Stream reads from its transaction as it is consumed: call it inside a transaction"
                            + " (@ReadOnlyTxn or @Transactional(readOnly = true)) and close the stream before it ends"));
    try {
      var cursor = open(tx, statement);
      var row = new Row(cursor, false);
      var iterator =
          new Spliterators.AbstractSpliterator<T>(
              Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL) {
            @Override
            public boolean tryAdvance(java.util.function.Consumer<? super T> action) {
              try {
                if (!cursor.next()) {
                  return false;
                }
                action.accept(mapper.mapRow(row));
                return true;
              } catch (KiteSqlException e) {
                throw translator.translate(e);
              }
            }
          };
      // the statement's execution lasts until the cursor ends: read to the end, or closed here
      return StreamSupport.stream(iterator, false).onClose(cursor::close);
    } catch (KiteSqlException e) {
      throw translator.translate(e);
    }
  }

  /** Runs a write statement; see {@link #update(String, Object...)}. */
  public long update(Statement statement) {
    try {
      var current = KiteSqlTransactions.currentForWrite(database);
      if (current.isPresent()) {
        return execute(requireWrite(current.get(), statement.sql()), statement);
      }
      return database.write(
          tx -> KiteSqlTransactions.runBound(database, tx, () -> execute(tx, statement)));
    } catch (KiteSqlException e) {
      throw translator.translate(e);
    }
  }

  private <R> R read(
      Transaction tx, Statement statement, boolean copyValues, Function<Rows, R> reader) {
    try (var cursor = open(tx, statement)) {
      try {
        return reader.apply(new Rows(cursor, copyValues));
      } catch (RuntimeException e) {
        cursor.closeFailed(e); // a mapper's failure is the statement's
        throw e;
      }
    }
  }

  /** Runs the query, labelled with the statement's name for the database's listener. */
  private RowCursor open(Transaction tx, Statement statement) {
    KiteSqlTransactions.checkTimeout(database);
    var named = statement.named();
    return named != null
        ? tx.queryLabelled(label(statement), statement.sql(), named)
        : tx.queryLabelled(label(statement), statement.sql(), statement.positional());
  }

  private long execute(ReadWriteTransaction tx, Statement statement) {
    KiteSqlTransactions.checkTimeout(database);
    var named = statement.named();
    return named != null
        ? tx.executeLabelled(label(statement), statement.sql(), named)
        : tx.executeLabelled(label(statement), statement.sql(), statement.positional());
  }

  private static String label(Statement statement) {
    var name = statement.name();
    return name != null ? name : UNNAMED;
  }

  private static ReadWriteTransaction requireWrite(Transaction tx, String what) {
    if (tx instanceof ReadWriteTransaction write) {
      return write;
    }
    throw new InvalidDataAccessApiUsageException(
        "a read-only transaction cannot write: "
            + what
            + " needs a read-write transaction (@Transactional without readOnly)");
  }

  private static <T> List<T> collect(Rows rows, RowMapper<T> mapper, int max) {
    var result = new ArrayList<T>();
    while (result.size() < max && rows.next()) {
      result.add(mapper.mapRow(rows.row()));
    }
    return result;
  }

  private static <T> Optional<T> single(List<T> rows) {
    if (rows.size() > 1) {
      throw new IncorrectResultSizeDataAccessException(1, rows.size());
    }
    return rows.isEmpty() ? Optional.empty() : Optional.ofNullable(rows.getFirst());
  }

  /** The rows of one query execution, read forward, each seen through the same {@link Row}. */
  public static final class Rows {
    private final RowCursor cursor;
    private final Row row;

    Rows(RowCursor cursor, boolean copyValues) {
      this.cursor = cursor;
      this.row = new Row(cursor, copyValues);
    }

    public boolean next() {
      return cursor.next();
    }

    /** The current row; the same object after each {@link #next()}. */
    public Row row() {
      return row;
    }
  }
}
