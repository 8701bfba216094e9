package io.kitesql.bench.repository;

import java.util.List;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.support.DefaultTransactionDefinition;

/**
 * A Spring Data repository stack as an {@link io.kitesql.bench.Engine} of the bench: one execution
 * is one call of {@link OrderRepository#findByCustomerIdAndStatusAndAmountGreaterThan}, its rows
 * the returned {@link OrderNote}s (column 0 the id, column 1 the note). A cell's calls run inside
 * one read-only transaction opened by the context's {@link ReadOnlyScope} proxy
 * ({@code @ReadOnlyTxn} or {@code @Transactional(readOnly = true)}); {@link #begin()}/{@link
 * #end()} open the same kind of transaction through the transaction manager for the bench's map
 * check.
 */
public final class RepositoryEngine extends ContextEngine {
  private final OrderRepository orders;
  private final PlatformTransactionManager transactions;
  private TransactionStatus open;

  /** Takes over {@code context} (closed with this engine). */
  public RepositoryEngine(String name, boolean borrows, ConfigurableApplicationContext context) {
    super(name, borrows, context);
    this.orders = context.getBean(OrderRepository.class);
    this.transactions = context.getBean(PlatformTransactionManager.class);
  }

  /** The query method, called with {@code (customer_id, status, min_amount)}. */
  public Query lookup() {
    return new Lookup();
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
    super.close();
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
