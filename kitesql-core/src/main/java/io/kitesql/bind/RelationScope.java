package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.expr.BindScope;
import io.kitesql.expr.Expr;
import io.kitesql.plan.OutputColumn;
import java.util.List;
import java.util.Locale;

/**
 * Resolves column names against the output of one FROM item (a table or a derived table).
 * Names match case-insensitively; a qualifier must match the item's alias (or table name).
 */
final class RelationScope implements BindScope {
  private final List<OutputColumn> columns;

  RelationScope(List<OutputColumn> columns) {
    this.columns = List.copyOf(columns);
  }

  static RelationScope empty() {
    return new RelationScope(List.of());
  }

  List<OutputColumn> columns() {
    return columns;
  }

  @Override
  public Expr resolveColumn(Name qualifier, Name name) {
    int found = -1;
    for (int i = 0; i < columns.size(); i++) {
      var c = columns.get(i);
      if (!name.matches(c.name())) {
        continue;
      }
      if (qualifier != null && c.qualifier().map(q -> !qualifier.matches(q)).orElse(true)) {
        continue;
      }
      if (found >= 0) {
        throw new KiteSqlException(ErrorCode.AMBIGUOUS_COLUMN, "column reference " + display(qualifier, name) + " is ambiguous");
      }
      found = i;
    }
    if (found < 0) {
      throw new KiteSqlException(ErrorCode.UNKNOWN_COLUMN, "column " + display(qualifier, name) + " does not exist" + hint());
    }
    var c = columns.get(found);
    return new Expr.Column(found, c.type(), c.name());
  }

  private String hint() {
    if (columns.isEmpty()) {
      return " (the query has no FROM clause)";
    }
    var names = columns.stream().map(OutputColumn::name).map(n -> n.toLowerCase(Locale.ROOT)).distinct().toList();
    return names.size() <= 12 ? " (available: " + String.join(", ", names) + ")" : "";
  }

  private static String display(Name qualifier, Name name) {
    return qualifier == null ? name.toString() : qualifier + "." + name;
  }
}
