package io.kitesql.api;

import io.kitesql.catalog.TableDef;
import io.kitesql.exec.ExecutionBudget;
import io.kitesql.exec.ExecutionContext;
import io.kitesql.exec.Operator;
import io.kitesql.storage.KvTransaction;
import io.kitesql.table.TableStore;
import java.util.Arrays;
import java.util.function.Function;

/**
 * What one execution of a query needs besides its cursor: the operator tree, the array its bound
 * parameters are written into, and the context the operators read. Pooled by {@link
 * CompiledStatement} as one unit, so that an execution in a transaction that already ran the
 * statement allocates no parameter array and no context: the array is rebound in place and the
 * context is made again only when the transaction changes.
 *
 * <p>Owned by one execution between {@link CompiledStatement#acquire} and {@link
 * CompiledStatement#release}; nothing of it is reachable from the caller (the values of the array
 * are, but the array is not).
 */
final class QueryExecution {
  final Operator operator;

  /** What each execution may spend; restarted per execution. */
  final ExecutionBudget budget = new ExecutionBudget();

  private final Object[] parameters;
  private ExecutionContext context;

  QueryExecution(Operator operator, int parameterCount) {
    this.operator = operator;
    this.parameters = new Object[parameterCount];
  }

  /** The parameter array to bind this execution's values into. */
  Object[] parameters() {
    return parameters;
  }

  /** The context for {@code transaction}: the previous one if it was for the same transaction. */
  ExecutionContext context(KvTransaction transaction, Function<TableDef, TableStore> stores) {
    var c = context;
    if (c == null || c.transaction() != transaction || c.stores() != stores) {
      c = new ExecutionContext(transaction, parameters, stores, budget);
      context = c;
    }
    return c;
  }

  /** Drops the bound values (the pool must not keep the caller's objects alive). */
  void clear() {
    Arrays.fill(parameters, null);
  }
}
