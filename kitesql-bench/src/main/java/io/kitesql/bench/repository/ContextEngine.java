package io.kitesql.bench.repository;

import io.kitesql.bench.Engine;
import java.util.concurrent.Callable;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * An {@link Engine} whose executions are repository calls in a Spring context: it has no SQL of its
 * own to prepare (subclasses hand out their repository calls as queries), and a cell's calls run
 * inside one read-only transaction opened by the context's {@link ReadOnlyScope}. Owns the context.
 */
public abstract class ContextEngine implements Engine {
  private final String name;
  private final boolean borrows;
  private final ConfigurableApplicationContext context;
  private final ReadOnlyScope scope;

  /** Takes over {@code context} (closed with this engine). */
  protected ContextEngine(String name, boolean borrows, ConfigurableApplicationContext context) {
    this.name = name;
    this.borrows = borrows;
    this.context = context;
    this.scope = context.getBean(ReadOnlyScope.class);
  }

  /** A bean of the engine's context. */
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

  @Override
  public Query prepare(String sql) {
    throw new UnsupportedOperationException(
        name + " runs repository methods, not SQL: use the engine's own queries");
  }

  @Override
  public <T> T inTransaction(Callable<T> cell) throws Exception {
    return scope.run(cell);
  }

  @Override
  public void begin() {
    throw new UnsupportedOperationException("cells run through inTransaction");
  }

  @Override
  public void end() {}

  @Override
  public void close() {
    context.close();
  }
}
