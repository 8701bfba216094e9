package io.kitesql.bind;

import io.kitesql.catalog.Catalog;
import io.kitesql.catalog.NameFolding;
import io.kitesql.expr.Parameters;
import io.kitesql.plan.OutputColumn;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.WorkTableScan;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.WithItem;

/**
 * The common table expressions ({@code WITH name(cols) AS (query)}) visible to a query. A reference
 * inlines the CTE's plan like a derived table (each reference computes its rows; nothing is shared
 * between references or executions); the query is bound once per statement however often it is
 * referenced ({@link Expansions}). A CTE sees the CTEs defined before it in its WITH list and those
 * of enclosing queries; a CTE name hides a table of that name. Inside the recursive term of a
 * {@code WITH RECURSIVE} CTE its own name is its work table ({@link RecursiveCte}). Immutable: an
 * inner WITH makes a new scope.
 */
final class CteScope {
  static final CteScope EMPTY = new CteScope(Map.of());

  /** What a name in FROM may refer to. */
  sealed interface Entry permits Definition, WorkTable {}

  /** One CTE: its query and the scope its query was written in. */
  record Definition(
      String name, List<String> columns, Select query, CteScope visible, boolean recursive)
      implements Entry {}

  /** A recursive CTE's self-reference in its recursive term; {@code used} records that it was. */
  record WorkTable(String name, int id, List<OutputColumn> output, AtomicBoolean used)
      implements Entry {}

  private final Map<String, Entry> byName;

  private CteScope(Map<String, Entry> byName) {
    this.byName = byName;
  }

  /** This scope extended by {@code items}, each seeing the ones before it. */
  CteScope with(List<WithItem<?>> items, NameFolding folding) {
    var scope = this;
    boolean recursive = false;
    for (var item : items) {
      if (item.getSelect() == null) {
        throw Unsupported.feature(
            "data-modifying statements in WITH (" + item.getAliasName() + ")");
      }
      recursive |= item.isRecursive(); // WITH RECURSIVE applies to the whole list
      var name = Names.canonical(item.getAliasName(), folding);
      var columns =
          item.getWithItemList() == null
              ? List.<String>of()
              : item.getWithItemList().stream()
                  .map(c -> Names.canonical(c.getExpression().toString(), folding))
                  .toList();
      scope =
          scope.plus(
              name, new Definition(name, columns, item.getSelect().getSelect(), scope, recursive));
    }
    return scope;
  }

  /** This scope with {@code name} referring to {@code entry}. */
  CteScope plus(String name, Entry entry) {
    var map = new HashMap<>(byName);
    map.put(key(name), entry);
    return new CteScope(Map.copyOf(map));
  }

  /** The CTE {@code t} names, if it is an unqualified name of one. */
  Optional<Entry> find(Table t) {
    if (t.getSchemaName() != null || byName.isEmpty()) {
      return Optional.empty();
    }
    return Optional.ofNullable(byName.get(key(BindScope.Name.of(t.getName()).text())));
  }

  /** The plan of a reference to {@code entry} as {@code t} (with its alias, if any). */
  static PlanNode reference(Entry entry, Table t, Catalog catalog, Parameters params) {
    PlanNode named =
        switch (entry) {
          case Definition cte ->
              Expansions.of(
                  cte,
                  () ->
                      cte.recursive()
                          ? new RecursiveCte(catalog, params).bind(cte)
                          : Relations.named(
                              new QueryBinder(catalog, params, cte.visible()).bind(cte.query()),
                              cte.name(),
                              cte.columns()));
          case WorkTable w -> {
            w.used().set(true);
            yield Relations.named(
                new WorkTableScan(w.id(), w.name(), w.output()), w.name(), List.of());
          }
        };
    return t.getAlias() == null
        ? named
        : Relations.derived(named, t.getAlias(), catalog.nameFolding());
  }

  private static String key(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
