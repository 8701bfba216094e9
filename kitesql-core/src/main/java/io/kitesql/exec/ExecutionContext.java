package io.kitesql.exec;

import io.kitesql.catalog.TableDef;
import io.kitesql.storage.KvTransaction;
import io.kitesql.table.TableStore;
import java.util.function.Function;

/**
 * What one execution runs against: the transaction, the bound parameter values, and the table
 * stores. Operators read it between {@code open} and {@code close}.
 */
public record ExecutionContext(KvTransaction transaction, Object[] parameters, Function<TableDef, TableStore> stores) {}
