package io.kitesql.bench.styles;

import io.kitesql.api.Database;
import io.kitesql.bench.Engine;
import io.kitesql.bench.repository.ContextEngine;
import io.kitesql.bench.repository.Order;
import io.kitesql.bench.repository.OrderNote;
import io.kitesql.bench.repository.RepositoryContexts;
import io.kitesql.data.config.EnableKiteSqlRepositories;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.domain.Example;
import org.springframework.data.relational.core.query.Criteria;
import org.springframework.transaction.annotation.EnableTransactionManagement;

/**
 * KiteSQL's {@link OrderStylesRepository} as an {@link Engine} of the bench: four queries, each
 * called with Table 1's {@code (customer_id, status, min_amount)} and read as rows of (id, note). A
 * cell's calls run inside one {@code @ReadOnlyTxn}, so every note is a borrowed {@code Text}.
 */
public final class StylesEngine extends ContextEngine {
  private final OrderStylesRepository orders;

  /** The KiteSQL context scanning this package. */
  @Configuration(proxyBeanMethods = false)
  @EnableTransactionManagement
  @EnableKiteSqlRepositories(basePackageClasses = OrderStylesRepository.class)
  static class Config extends RepositoryContexts.KiteSqlBeans {}

  /** Opens the repositories on {@code database} (closed with this engine). */
  public StylesEngine(Supplier<Database> database) {
    super("KiteSQL repository", true, RepositoryContexts.kiteSql(database, Config.class));
    this.orders = bean(OrderStylesRepository.class);
  }

  /** The derived query an example of customer and status is equivalent to. */
  public Query derivedNotes() {
    return new ListRows<>(
        p -> orders.findByCustomerIdAndStatus((Integer) p[0], (String) p[1]),
        OrderNote::id,
        OrderNote::note);
  }

  /** Query by example: customer and status set in the probe, read as {@code OrderNote}s. */
  public Query exampleNotes() {
    return new ListRows<>(
        p ->
            orders.findBy(
                Example.of(new Order(null, (Integer) p[0], (String) p[1], null, null)),
                q -> q.as(OrderNote.class).all()),
        OrderNote::id,
        OrderNote::note);
  }

  /** The derived query the criteria query is equivalent to: Table 1's, returning entities. */
  public Query derivedOrders() {
    return new ListRows<>(
        p ->
            orders.findByCustomerIdAndStatusAndAmountGreaterThan(
                (Integer) p[0], (String) p[1], (Integer) p[2]),
        Order::id,
        Order::note);
  }

  /** A criteria query of Table 1's three conditions, built per call as an application would. */
  public Query criteriaOrders() {
    return new ListRows<>(
        p ->
            orders.findAll(
                org.springframework.data.relational.core.query.Query.query(
                    Criteria.where("customerId")
                        .is(p[0])
                        .and("status")
                        .is(p[1])
                        .and("amount")
                        .greaterThan(p[2]))),
        Order::id,
        Order::note);
  }

  /**
   * One object per query: a call's results stay readable until the next call, as the engines' rows
   * do.
   */
  private static final class ListRows<T> implements Query, Rows {
    private final Function<Object[], List<T>> call;
    private final ToLongFunction<T> id;
    private final Function<T, CharSequence> note;
    private List<T> results = List.of();
    private int next;

    ListRows(
        Function<Object[], List<T>> call, ToLongFunction<T> id, Function<T, CharSequence> note) {
      this.call = call;
      this.id = id;
      this.note = note;
    }

    @Override
    public Rows execute(Object[] parameters) {
      results = call.apply(parameters);
      next = -1;
      return this;
    }

    @Override
    public boolean next() {
      return ++next < results.size();
    }

    @Override
    public CharSequence text(int column) {
      if (column != 1) {
        throw new IllegalArgumentException("column " + column + " is not the note");
      }
      return note.apply(results.get(next));
    }

    @Override
    public long number(int column) {
      if (column != 0) {
        throw new IllegalArgumentException("column " + column + " is not the id");
      }
      return id.applyAsLong(results.get(next));
    }

    @Override
    public void close() {
      results = List.of();
    }
  }
}
