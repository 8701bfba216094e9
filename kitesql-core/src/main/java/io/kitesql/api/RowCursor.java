package io.kitesql.api;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.exec.DeferredColumns;
import io.kitesql.exec.ExecutionContext;
import io.kitesql.exec.Operator;
import io.kitesql.exec.SubqueryExecutor;
import io.kitesql.value.Binary;
import io.kitesql.value.Text;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * The rows of one query execution, read forward. Values are lent for the transaction's lifetime: a
 * {@link Text} of the first row stays readable while later rows are read, and becomes unreadable
 * ({@link IllegalStateException}) when the transaction ends. Column indexes are 0-based.
 *
 * <p>Close the cursor when done (the transaction closes what is left open): its operators go back
 * to the prepared statement's pool.
 *
 * <p><b>Threads.</b> One cursor is read by one thread at a time: {@link #next()} on a second thread
 * while the first is inside it throws {@link IllegalStateException}. Several cursors of one
 * read-only transaction may be read on several threads at once (each has its own LMDB cursors), and
 * the values of any of them may be read from any thread while the transaction lives. A {@link
 * #close()} from another thread (for instance by ending the transaction) while {@code next()} runs
 * does not pull the operators from under it: the cursor closes when that step ends.
 */
public final class RowCursor implements AutoCloseable {
  private static final VarHandle STATE;
  private static final int IDLE = 0;
  private static final int STEPPING = 1;

  /** {@link #close()} came while a step ran; the stepping thread closes when it leaves. */
  private static final int CLOSE_REQUESTED = 2;

  private static final int CLOSED = 3;

  static {
    try {
      STATE = MethodHandles.lookup().findVarHandle(RowCursor.class, "state", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final CompiledStatement statement;
  private final Transaction owner;
  private final SubqueryExecutor subqueries;
  private @Nullable Operator operator;

  /**
   * The pooled execution the operator belongs to (given back on release), or null if not pooled.
   */
  private final @Nullable QueryExecution execution;

  /** The operator, when some of its columns are read from the stored row (unboxed), else null. */
  private final @Nullable DeferredColumns deferred;

  private Object @Nullable [] row;

  /**
   * {@link #IDLE}, {@link #STEPPING}, {@link #CLOSE_REQUESTED} or {@link #CLOSED}, via {@link
   * #STATE}.
   */
  @SuppressWarnings("unused")
  private int state;

  /**
   * What an {@link ExecutionListener} watches of this execution, or null (no listener). Set by
   * {@link Session} before the cursor is published. Takes the slot of the result columns, which the
   * compiled statement holds, so that a cursor is no larger without a listener.
   */
  @Nullable MeasuredExecution measured;

  /** A cursor over a pooled query execution, opened in {@code ctx}. */
  RowCursor(
      CompiledStatement statement,
      QueryExecution execution,
      ExecutionContext ctx,
      Transaction owner) {
    this(statement, execution.operator, execution, ctx, owner);
  }

  /** A cursor over an operator of its own (EXPLAIN, RETURNING), not pooled. */
  RowCursor(
      CompiledStatement statement, Operator operator, ExecutionContext ctx, Transaction owner) {
    this(statement, operator, null, ctx, owner);
  }

  private RowCursor(
      CompiledStatement statement,
      Operator operator,
      @Nullable QueryExecution execution,
      ExecutionContext ctx,
      Transaction owner) {
    this.statement = statement;
    this.operator = operator;
    this.execution = execution;
    this.owner = owner;
    this.subqueries = statement.hasSubqueries() ? new SubqueryExecutor(ctx) : null;
    this.deferred = operator instanceof DeferredColumns d ? d : null;
    if (subqueries == null) {
      operator.open(ctx);
    } else {
      subqueries.run(
          () -> {
            operator.open(ctx);
            return null;
          });
    }
  }

  public List<ResultColumn> columns() {
    return statement.columns();
  }

  /** Moves to the next row; false (and the cursor closes itself) after the last. */
  public boolean next() {
    if (!STATE.compareAndSet(this, IDLE, STEPPING)) {
      if ((int) STATE.getVolatile(this) == STEPPING) {
        throw new IllegalStateException(
            "this cursor is being read by another thread; read a cursor on one thread at a time");
      }
      if (!owner.isOpen()) {
        throw new IllegalStateException("the transaction of this cursor has ended");
      }
      row = null;
      return false;
    }
    try {
      return step();
    } catch (RuntimeException | Error e) {
      var watched = measured;
      if (watched != null) {
        watched.failed(e);
      }
      throw e;
    } finally {
      if (!STATE.compareAndSet(this, STEPPING, IDLE)) {
        release(); // closed meanwhile, by this thread (after the last row) or another one
      }
    }
  }

  private boolean step() {
    var op = operator;
    try {
      row = subqueries == null ? op.next() : subqueries.run(op::next);
    } catch (StackOverflowError e) {
      close();
      throw new KiteSqlException(
          ErrorCode.SYNTAX_ERROR, "statement nested too deeply to execute", e);
    }
    if (row == null) {
      close();
      return false;
    }
    var pooled = execution;
    if (pooled != null) {
      pooled.budget
          .step(); // a long read of streamed rows checks for interruption and its deadline too
    }
    var watched = measured;
    if (watched != null) {
      watched.rows++;
    }
    return true;
  }

  /** The value of column {@code i} of the current row (null for SQL NULL). */
  public @Nullable Object get(int i) {
    var row = current();
    checkIndex(i);
    var d = deferred;
    var value = d != null && d.isDeferred(i) ? d.get(i) : row[i];
    var watched = measured;
    if (watched != null) {
      watched.returned(value);
    }
    return value;
  }

  /** The value of the column labelled {@code name} (case-insensitive). */
  public @Nullable Object get(String name) {
    for (int i = 0; i < columns().size(); i++) {
      if (columns().get(i).name().equalsIgnoreCase(name)) {
        return get(i);
      }
    }
    throw new KiteSqlException(
        ErrorCode.UNKNOWN_COLUMN,
        "no result column "
            + name
            + " (columns: "
            + columns().stream().map(ResultColumn::name).toList()
            + ")");
  }

  public boolean isNull(int i) {
    var row = current();
    checkIndex(i);
    var d = deferred;
    return d != null && d.isDeferred(i) ? d.isNull(i) : row[i] == null;
  }

  public @Nullable Text getText(int i) {
    return as(i, Text.class);
  }

  public @Nullable Binary getBinary(int i) {
    return as(i, Binary.class);
  }

  public @Nullable BigDecimal getDecimal(int i) {
    return as(i, BigDecimal.class);
  }

  public @Nullable LocalDate getDate(int i) {
    return as(i, LocalDate.class);
  }

  public @Nullable LocalDateTime getTimestamp(int i) {
    return as(i, LocalDateTime.class);
  }

  /** An integer column (INT or BIGINT); NULL is an error (check {@link #isNull} first). */
  public long getLong(int i) {
    var d = deferred;
    if (d != null && d.isDeferred(checkIndex(i))) {
      current();
      if (d.isNull(i)) {
        notNull(i, null);
      }
      return d.getLong(i); // read in place: no Integer or Long is made
    }
    return notNull(i, as(i, Number.class)).longValue();
  }

  /** An integer column whose value fits in an {@code int}; VALUE_OUT_OF_RANGE if it does not. */
  public int getInt(int i) {
    long value = getLong(i);
    if (value != (int) value) {
      throw new KiteSqlException(
          ErrorCode.VALUE_OUT_OF_RANGE,
          "column " + i + " holds " + value + ", which does not fit in an int; use getLong");
    }
    return (int) value;
  }

  public double getDouble(int i) {
    var d = deferred;
    if (d != null && d.isDeferred(i)) {
      return getLong(i);
    }
    return notNull(i, as(i, Number.class)).doubleValue();
  }

  public boolean getBoolean(int i) {
    return notNull(i, as(i, Boolean.class));
  }

  /** The current row's values (a copy of the array; the values themselves are lent, not copied). */
  public @Nullable Object[] values() {
    var values = Arrays.copyOf(current(), columns().size());
    var d = deferred;
    if (d != null) {
      for (int i = 0; i < values.length; i++) {
        if (d.isDeferred(i)) {
          values[i] = d.get(i);
        }
      }
    }
    var watched = measured;
    if (watched != null) {
      for (var value : values) {
        watched.returned(value);
      }
    }
    return values;
  }

  /** Reads the remaining rows. */
  public List<@Nullable Object[]> toList() {
    var rows = new ArrayList<@Nullable Object[]>();
    while (next()) {
      rows.add(values());
    }
    return rows;
  }

  /**
   * Tells this execution's {@link ExecutionListener} that the caller copied {@code bytes} of the
   * values it took (into a {@code String}, say): they count in its outcome's {@code bytesCopied}.
   * Does nothing when no listener watches. Call it from the thread reading the cursor, before the
   * cursor ends.
   */
  public void recordCopy(long bytes) {
    var watched = measured;
    if (watched != null) {
      watched.copiedByCaller(bytes);
    }
  }

  /**
   * Closes the cursor because its caller failed while reading it (a row mapper threw, say): an
   * {@link ExecutionListener} sees the execution end with {@code failure}, unless the engine failed
   * first. Otherwise as {@link #close()}.
   */
  public void closeFailed(Throwable failure) {
    var watched = measured;
    if (watched != null && (int) STATE.getVolatile(this) != CLOSED) {
      watched.failed(failure);
    }
    close();
  }

  /**
   * Closes the cursor; if another thread is inside {@link #next()}, that thread closes it when it
   * leaves.
   */
  @Override
  public void close() {
    while (true) {
      int s = (int) STATE.getVolatile(this);
      if (s == IDLE && STATE.compareAndSet(this, IDLE, CLOSED)) {
        release();
        return;
      }
      if (s == STEPPING && STATE.compareAndSet(this, STEPPING, CLOSE_REQUESTED)) {
        row = null;
        return;
      }
      if (s == CLOSE_REQUESTED || s == CLOSED) {
        row = null;
        return;
      }
    }
  }

  /**
   * Gives the operators back; runs once, on the thread that ends the cursor's last step or closes
   * it idle.
   */
  private void release() {
    STATE.setVolatile(this, CLOSED);
    row = null;
    if (operator != null) {
      var op = operator;
      operator = null;
      try {
        op.close();
        if (subqueries != null) {
          subqueries.close();
        }
        if (execution != null) {
          statement.release(execution);
        }
      } finally {
        owner.forget(this);
        var watched = measured;
        if (watched != null) {
          measured = null; // it is reused once it has reported
          watched.end();
        }
      }
    }
  }

  private Object[] current() {
    if (!owner.isOpen()) {
      throw new IllegalStateException("the transaction of this cursor has ended");
    }
    if (row == null) {
      throw new IllegalStateException(
          operator == null ? "cursor is closed or past its last row" : "call next() first");
    }
    return row;
  }

  private int checkIndex(int i) {
    if (i < 0 || i >= columns().size()) {
      throw new IndexOutOfBoundsException("column " + i + " of " + columns().size());
    }
    return i;
  }

  private <T> T as(int i, Class<T> type) {
    var v = get(i);
    if (v != null && !type.isInstance(v)) {
      throw new KiteSqlException(
          ErrorCode.TYPE_MISMATCH,
          "column "
              + columns().get(i).name()
              + " is "
              + columns().get(i).type()
              + ", not "
              + type.getSimpleName());
    }
    return type.cast(v);
  }

  private <T> T notNull(int i, T v) {
    if (v == null) {
      throw new IllegalStateException(
          "column " + columns().get(i).name() + " is NULL; check isNull(" + i + ") first");
    }
    return v;
  }
}
