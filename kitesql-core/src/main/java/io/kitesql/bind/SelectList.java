package io.kitesql.bind;

import io.kitesql.catalog.NameFolding;
import io.kitesql.expr.Expr;
import io.kitesql.plan.OutputColumn;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** The select list being bound: visible items, then hidden ORDER BY keys. */
final class SelectList {
  private final boolean foldQuoted;
  private final List<Expr> expressions = new ArrayList<>();
  private final List<OutputColumn> columns = new ArrayList<>();
  private final List<Boolean> aliased = new ArrayList<>();
  private final List<Expr> hidden = new ArrayList<>();

  /**
   * @param folding how names referring to the items' aliases fold (the database's)
   */
  SelectList(NameFolding folding) {
    this.foldQuoted = folding == NameFolding.ALL;
  }

  void add(Expr e, OutputColumn column) {
    add(e, column, false);
  }

  void add(Expr e, OutputColumn column, boolean hasAlias) {
    expressions.add(e);
    columns.add(column);
    aliased.add(hasAlias);
  }

  int size() {
    return expressions.size();
  }

  Expr expression(int i) {
    return expressions.get(i);
  }

  OutputColumn column(int i) {
    return columns.get(i);
  }

  /** The visible item with the alias {@code rawName} (as written, quotes included) names, or -1. */
  int indexOfName(String rawName) {
    var name = BindScope.Name.of(rawName);
    for (int i = 0; i < columns.size(); i++) {
      if (aliased.get(i) && name.matches(columns.get(i).name(), foldQuoted)) {
        return i;
      }
    }
    return -1;
  }

  /** The visible item computing exactly {@code e}, or -1. */
  int indexOf(Expr e) {
    return expressions.indexOf(e);
  }

  /**
   * Adds a hidden item (an ORDER BY key not selected); returns its position after the visible ones.
   */
  int addHidden(Expr e) {
    int existing = hidden.indexOf(e);
    if (existing >= 0) {
      return expressions.size() + existing;
    }
    hidden.add(e);
    return expressions.size() + hidden.size() - 1;
  }

  int hiddenCount() {
    return hidden.size();
  }

  List<Expr> expressionsWithHidden() {
    var all = new ArrayList<>(expressions);
    all.addAll(hidden);
    return all;
  }

  List<OutputColumn> columnsWithHidden() {
    var all = new ArrayList<>(columns);
    for (int i = 0; i < hidden.size(); i++) {
      all.add(OutputColumn.of("$order" + i, hidden.get(i).type()));
    }
    return all;
  }

  void rewrite(UnaryOperator<Expr> rewriter) {
    expressions.replaceAll(rewriter);
    hidden.replaceAll(rewriter);
    for (int i = 0; i < columns.size(); i++) {
      var c = columns.get(i);
      columns.set(i, new OutputColumn(c.name(), expressions.get(i).type(), c.qualifier()));
    }
  }
}
