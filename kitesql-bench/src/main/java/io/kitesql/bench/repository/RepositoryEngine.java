package io.kitesql.bench.repository;

import io.kitesql.bench.Engine;
import java.util.List;
import java.util.concurrent.Callable;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.DefaultTransactionDefinition;

/**
 * A Spring Data repository stack as an {@link Engine} of the bench: one execution is one call of
 * {@link OrderRepository#findByCustomerIdAndStatusAndAmountGreaterThan}, its rows the returned
 * {@link OrderNote}s (column 0 the id, column 1 the note). A cell's calls run inside one read-only
 * transaction opened by the context's {@link ReadOnlyScope} proxy ({@code @ReadOnlyTxn} or
 * {@code @Transactional(readOnly = true)}); {@link #begin()}/{@link #end()} open the same kind of
 * transaction through the transaction manager for the bench's map check.
 */
public final class RepositoryEngine implements Engine {
  private final String name;
  private final boolean borrows;
  private final ConfigurableApplicationContext context;
  private final OrderRepository orders;
  private final ReadOnlyScope scope;
  private final PlatformTransactionManager transactions;
  private TransactionStatus open;

  /** Takes over {@code context} (closed with this engine). */
  public RepositoryEngine(String name, boolean borrows, ConfigurableApplicationContext context) {
    this.name = name;
    this.borrows = borrows;
    this.context = context;
    this.orders = context.getBean(OrderRepository.class);
    this.scope = context.getBean(ReadOnlyScope.class);
    this.transactions = context.getBean(PlatformTransactionManager.class);
  }

  /** A bean of the engine's context (its {@code Database}, say). */
  public <T> T bean(Class<T> type) {
    return context.getBean(type);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean borrows() {
    return borrows;
  }

  /** Not used: the statement is the derived query method's; see {@link #lookup()}. */
  @Override
  public Query prepare(String sql) {
    throw new UnsupportedOperationException(
        "a repository engine runs its query method: use lookup()");
  }

  /** The query method, called with {@code (customer_id, status, min_amount)}. */
  public Query lookup() {
    return new Lookup();
  }

  @Override
  public <T> T inTransaction(Callable<T> cell) throws Exception {
    return scope.run(cell);
  }

  @Override
  public void begin() {
    var definition = new DefaultTransactionDefinition();
    definition.setReadOnly(true);
    open = transactions.getTransaction(definition);
  }

  @Override
  public void end() {
    if (open != null) {
      transactions.commit(open);
      open = null;
    }
  }

  @Override
  public void close() {
    end();
    context.close();
  }

  /**
   * One object per cell: a call's rows stay readable until the next call, as the engines' rows do.
   */
  private final class Lookup implements Query, Rows {
    private List<OrderNote> notes = List.of();
    private int next;

    @Override
    public Rows execute(Object[] parameters) {
      notes =
          orders.findByCustomerIdAndStatusAndAmountGreaterThan(
              (Integer) parameters[0], (String) parameters[1], (Integer) parameters[2]);
      next = -1;
      return this;
    }

    @Override
    public boolean next() {
      return ++next < notes.size();
    }

    @Override
    public CharSequence text(int column) {
      if (column != 1) {
        throw new IllegalArgumentException("column " + column + " of an OrderNote is not text");
      }
      return notes.get(next).note();
    }

    @Override
    public long number(int column) {
      if (column != 0) {
        throw new IllegalArgumentException("column " + column + " of an OrderNote is not a number");
      }
      return notes.get(next).id();
    }

    @Override
    public void close() {
      notes = List.of();
    }
  }
}
