package io.kitesql.bind;

import io.kitesql.ErrorCode;
import io.kitesql.KiteSqlException;
import io.kitesql.catalog.NameFolding;
import io.kitesql.expr.Expr;
import io.kitesql.plan.OutputColumn;
import java.util.List;

/**
 * Resolves column names against the rows of a FROM clause (one table, a derived table, or joined
 * relations). A qualifier must match a column's table name or alias. Columns joined by USING or
 * NATURAL appear once, unqualified and first; the originals stay reachable qualified only and are
 * left out of {@code *}.
 */
final class RelationScope implements BindScope {

  /**
   * A column in scope.
   *
   * @param inStar whether {@code SELECT *} lists it
   * @param unqualified whether an unqualified name may refer to it
   */
  record ScopeColumn(OutputColumn column, boolean inStar, boolean unqualified) {
    static ScopeColumn visible(OutputColumn c) {
      return new ScopeColumn(c, true, true);
    }
  }

  private final List<ScopeColumn> columns;
  private final boolean foldQuoted;

  RelationScope(List<ScopeColumn> columns) {
    this(columns, NameFolding.UNQUOTED);
  }

  /** A scope over {@code columns} whose references fold by {@code folding} (the database's). */
  RelationScope(List<ScopeColumn> columns, NameFolding folding) {
    this.columns = List.copyOf(columns);
    this.foldQuoted = folding == NameFolding.ALL;
  }

  static RelationScope of(List<OutputColumn> columns, NameFolding folding) {
    return new RelationScope(columns.stream().map(ScopeColumn::visible).toList(), folding);
  }

  static RelationScope empty() {
    return new RelationScope(List.of());
  }

  List<ScopeColumn> columns() {
    return columns;
  }

  @Override
  public Expr resolveColumn(Name qualifier, Name name) {
    int found = -1;
    for (int i = 0; i < columns.size(); i++) {
      var sc = columns.get(i);
      var c = sc.column();
      if (!name.matches(c.name(), foldQuoted)) {
        continue;
      }
      if (qualifier == null
          ? !sc.unqualified()
          : c.qualifier().map(q -> !qualifier.matches(q, foldQuoted)).orElse(true)) {
        continue;
      }
      if (found >= 0) {
        throw new KiteSqlException(
            ErrorCode.AMBIGUOUS_COLUMN,
            "column reference " + display(qualifier, name) + " is ambiguous");
      }
      found = i;
    }
    if (found < 0) {
      throw new KiteSqlException(
          ErrorCode.UNKNOWN_COLUMN,
          "column " + display(qualifier, name) + " does not exist" + hint());
    }
    var c = columns.get(found).column();
    return new Expr.Column(found, c.type(), c.name());
  }

  /** The position of the unqualified, visible column stored as {@code name}, or -1 (for USING). */
  int unqualifiedPosition(String name) {
    int found = -1;
    for (int i = 0; i < columns.size(); i++) {
      var sc = columns.get(i);
      if (sc.unqualified() && sc.column().name().equals(name)) {
        if (found >= 0) {
          throw new KiteSqlException(
              ErrorCode.AMBIGUOUS_COLUMN, "column " + name + " is ambiguous in the join");
        }
        found = i;
      }
    }
    return found;
  }

  private String hint() {
    if (columns.isEmpty()) {
      return " (the query has no FROM clause)";
    }
    var names = columns.stream().map(c -> Names.display(c.column().name())).distinct().toList();
    return names.size() <= 12 ? " (available: " + String.join(", ", names) + ")" : "";
  }

  private static String display(Name qualifier, Name name) {
    return qualifier == null ? name.toString() : qualifier + "." + name;
  }
}
