package io.kitesql.exec;

import io.kitesql.catalog.TableDef;
import io.kitesql.storage.KvTransaction;
import io.kitesql.table.TableStore;
import java.util.function.Function;

/**
 * What one execution runs against: the transaction, the bound parameter values, the table stores,
 * and the budget its operators spend (heap held, time). Operators read it between {@code open} and
 * {@code close}.
 */
public record ExecutionContext(
    KvTransaction transaction,
    Object[] parameters,
    Function<TableDef, TableStore> stores,
    ExecutionBudget budget) {

  /**
   * A context whose budget has no memory limit and no deadline (it still stops on an interrupt).
   */
  public ExecutionContext(
      KvTransaction transaction, Object[] parameters, Function<TableDef, TableStore> stores) {
    this(transaction, parameters, stores, new ExecutionBudget());
  }
}
