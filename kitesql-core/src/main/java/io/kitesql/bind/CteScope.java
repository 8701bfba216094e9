package io.kitesql.bind;

import io.kitesql.catalog.Catalog;
import io.kitesql.expr.Parameters;
import io.kitesql.plan.PlanNode;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import net.sf.jsqlparser.schema.Table;
import net.sf.jsqlparser.statement.select.Select;
import net.sf.jsqlparser.statement.select.WithItem;

/**
 * The common table expressions ({@code WITH name(cols) AS (query)}) visible to a query. A
 * reference binds the CTE's query again, inlined like a derived table (each reference computes
 * its rows; nothing is shared between references or executions). A CTE sees the CTEs defined
 * before it in its WITH list and those of enclosing queries; a CTE name hides a table of that
 * name. Immutable: an inner WITH makes a new scope.
 */
final class CteScope {
  static final CteScope EMPTY = new CteScope(Map.of());

  /** One CTE: its query and the scope its query was written in. */
  record Definition(String name, List<String> columns, Select query, CteScope visible) {}

  private final Map<String, Definition> byName;

  private CteScope(Map<String, Definition> byName) {
    this.byName = byName;
  }

  /** This scope extended by {@code items}, each seeing the ones before it. */
  CteScope with(List<WithItem<?>> items) {
    var scope = this;
    for (var item : items) {
      if (item.isRecursive()) {
        throw Unsupported.feature("WITH RECURSIVE (" + item.getAliasName() + ")");
      }
      if (item.getSelect() == null) {
        throw Unsupported.feature("data-modifying statements in WITH (" + item.getAliasName() + ")");
      }
      var name = Names.unquote(item.getAliasName());
      var columns = item.getWithItemList() == null ? List.<String>of()
          : item.getWithItemList().stream().map(c -> Names.unquote(c.getExpression().toString())).toList();
      var map = new HashMap<>(scope.byName);
      map.put(key(name), new Definition(name, columns, item.getSelect().getSelect(), scope));
      scope = new CteScope(Map.copyOf(map));
    }
    return scope;
  }

  /** The CTE {@code t} names, if it is an unqualified name of one. */
  Optional<Definition> find(Table t) {
    if (t.getSchemaName() != null || byName.isEmpty()) {
      return Optional.empty();
    }
    return Optional.ofNullable(byName.get(key(Names.unquote(t.getName()))));
  }

  /** The plan of a reference to {@code cte} as {@code t} (with its alias, if any). */
  static PlanNode reference(Definition cte, Table t, Catalog catalog, Parameters params) {
    var plan = new QueryBinder(catalog, params, cte.visible()).bind(cte.query());
    var named = Relations.named(plan, cte.name(), cte.columns());
    return t.getAlias() == null ? named : Relations.derived(named, t.getAlias());
  }

  private static String key(String name) {
    return name.toLowerCase(Locale.ROOT);
  }
}
