package io.kitesql.exec;

import io.kitesql.expr.Expr;
import io.kitesql.expr.Exprs;
import io.kitesql.plan.Filter;
import io.kitesql.plan.PlanNode;
import io.kitesql.plan.Project;
import io.kitesql.plan.TableScan;
import io.kitesql.value.TypeKind;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;

/**
 * The operators of a root projection over a scan (through filters) whose integer columns are read
 * from the stored row instead of being decoded into the row array and boxed: plain INT or BIGINT
 * output columns ({@link DeferredColumns}) and integer columns compared with a parameter or literal
 * in a filter ({@link StoredIntegerFilter}), as long as no other expression reads them.
 */
final class Deferral {
  private Deferral() {}

  /** The operators of {@code p} with deferred columns; empty if the plan has none to defer. */
  static Optional<Operator> build(Project p) {
    var found = ScanFilters.of(p.input());
    if (found.isEmpty()) {
      return Optional.empty();
    }
    var filters = found.get();
    var terms = filters.terms();
    var scan = filters.scan();
    var eager = filters.restColumns();
    p.expressions().stream()
        .filter(e -> !(e instanceof Expr.Column))
        .forEach(e -> eager.or(Exprs.columns(e)));
    var deferred = new boolean[scan.table().columns().size()];
    var outputs = outputs(p.expressions(), scan, eager, deferred);
    boolean any = outputs != null;
    for (var t : terms) {
      if (!eager.get(t.column())) {
        deferred[t.column()] = true;
        any = true;
      }
    }
    if (!any) {
      return Optional.empty();
    }
    var scanOp = new ScanOperator(scan, false, true);
    return Optional.of(
        new ProjectOperator(
            filters.operators(scanOp), p.expressions(), true, scanOp, deferred, outputs));
  }

  /**
   * The filters between an operator and the table scan below it, split into integer comparisons the
   * stored row answers ({@link StoredIntegerFilter.Term}) and the rest.
   */
  record ScanFilters(List<StoredIntegerFilter.Term> terms, List<Expr> rest, TableScan scan) {
    /** The filters of {@code node} (filters over a table scan); empty if it is not that shape. */
    static Optional<ScanFilters> of(PlanNode node) {
      var terms = new ArrayList<StoredIntegerFilter.Term>();
      var rest = new ArrayList<Expr>();
      while (node instanceof Filter f) {
        for (var conjunct : Exprs.conjuncts(f.predicate())) {
          StoredIntegerFilter.Term.of(conjunct)
              .ifPresentOrElse(terms::add, () -> rest.add(conjunct));
        }
        node = f.input();
      }
      return node instanceof TableScan scan
          ? Optional.of(new ScanFilters(terms, rest, scan))
          : Optional.empty();
    }

    /** The columns the rest of the filters read: the scan must decode them. */
    BitSet restColumns() {
      var columns = new BitSet();
      rest.forEach(e -> columns.or(Exprs.columns(e)));
      return columns;
    }

    /** The filter operators over {@code scanOp}: the stored-row comparisons, then the rest. */
    Operator operators(ScanOperator scanOp) {
      Operator input =
          terms.isEmpty()
              ? scanOp
              : new StoredIntegerFilter(scanOp, terms.toArray(StoredIntegerFilter.Term[]::new));
      return rest.isEmpty() ? input : new FilterOperator(input, Exprs.and(rest));
    }
  }

  /**
   * Per output column: the table column it reads from the stored row, or -1; null if none does.
   * Marks those columns in {@code deferred}.
   */
  private static int[] outputs(
      List<Expr> expressions, TableScan scan, BitSet eager, boolean[] deferred) {
    var out = new int[expressions.size()];
    boolean any = false;
    for (int i = 0; i < out.length; i++) {
      out[i] = -1;
      if (expressions.get(i) instanceof Expr.Column c
          && !eager.get(c.index())
          && scan.columns().contains(c.index())
          && isInteger(c)) {
        out[i] = c.index();
        deferred[c.index()] = true;
        any = true;
      }
    }
    return any ? out : null;
  }

  private static boolean isInteger(Expr.Column c) {
    var kind = c.type().kind();
    return kind == TypeKind.INT || kind == TypeKind.BIGINT;
  }
}
